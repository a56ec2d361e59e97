import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // One browser at a time on a 2-core machine; the server is shared by all files.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A screen may wait for a lazy chunk and an API call: poll for what the user sees.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
