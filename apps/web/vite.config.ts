import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type PluginOption } from 'vite';
import { precompress } from './build/precompress.ts';

const apiProxy = { '/api': { target: 'http://127.0.0.1:3000' } };

/**
 * `BUNDLE_REPORT=1 npm run build` also writes what each chunk holds (raw, gzip and brotli sizes
 * per module) to bench/results/web-bundle.html — `BUNDLE_REPORT=json` for the raw data. Off by
 * default: it costs build time and nothing ships it.
 */
function bundleReport(): PluginOption {
  const kind = process.env.BUNDLE_REPORT;
  if (!kind) return null;
  const json = kind === 'json';
  return visualizer({
    filename: fileURLToPath(
      new URL(`../../bench/results/web-bundle.${json ? 'json' : 'html'}`, import.meta.url),
    ),
    template: json ? 'raw-data' : 'treemap',
    gzipSize: true,
    brotliSize: true,
    // Sizes after minification, read from the source maps the report turns on below.
    sourcemap: true,
  });
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress(), bundleReport()],
  // The API runs on its own port in development; the browser still sees one origin.
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Route screens are lazy chunks (app/router.tsx), so /login never downloads the admin screens.
    chunkSizeWarningLimit: 800,
    sourcemap: Boolean(process.env.BUNDLE_REPORT),
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Every library the first page needs (React, the router, Chakra's runtime, emotion,
            // React Query…) in one file, rather than a dozen small chunks shared with the lazy
            // screens: fewer round trips before the first paint, one cache entry that changes
            // only with the lockfile. Libraries only a lazy screen imports stay with it.
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
