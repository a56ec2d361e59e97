import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // One browser at a time on a 2-core machine; the server is shared by all files.
    fileParallelism: false,
    // One retry in CI only: a real regression fails twice; a browser timing hiccup on a loaded
    // 2-core machine should not throw away a submission. Locally every failure shows at once.
    retry: process.env.CI ? 1 : 0,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A screen may wait for a lazy chunk and an API call: poll for what the user sees.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
