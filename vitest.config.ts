import { defineConfig } from 'vitest/config';

// One Vitest run, one project per workspace; each workspace keeps its own config.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'e2e'],
  },
});
