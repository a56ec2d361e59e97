import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const apiProxy = { '/api': { target: 'http://127.0.0.1:3000' } };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  // The API runs on its own port in development; the browser still sees one origin.
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Route screens are lazy chunks (app/router.tsx), so /login never downloads the admin screens.
    chunkSizeWarningLimit: 800,
  },
});
