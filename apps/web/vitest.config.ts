import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // The plain stylesheets (issue 13) are applied as in the browser: what they hide, such as
    // the sidebar below `lg` or a closed menu, must be hidden in the tests too.
    css: { include: [/\.css$/] },
    // Chakra's first render in a fresh worker builds the whole theme.
    testTimeout: 15000,
  },
});
