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
  },
});
