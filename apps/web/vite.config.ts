import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type PluginOption } from 'vite';
import { precompress } from './build/precompress.ts';
import { prerenderPages } from './build/prerender-pages.ts';

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
  plugins: [react(), prerenderPages(), precompress(), bundleReport()],
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
      // Three pages: the app, and the stand-alone login and catalogue pages (login-main.tsx,
      // catalogue-main.tsx; issue 13).
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        login: fileURLToPath(new URL('login.html', import.meta.url)),
        catalogue: fileURLToPath(new URL('catalogue.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            // Every library the first page needs in few files, rather than a dozen small chunks
            // shared with the lazy screens: fewer round trips before the first paint, cache
            // entries that change only with the lockfile. Libraries only a lazy screen imports
            // stay with it. By page (issue 13): what every page needs (React, the stores); the
            // forms (react-hook-form, zod's core), which the login page and the app need; what
            // the stand-alone catalogue and the app need (React Query, the icons); then the
            // app's own (Chakra, emotion, the router…), which neither stand-alone page loads.
            {
              name: 'vendor-base',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|zustand)[\\/]/,
              tags: ['$initial'],
              priority: 4,
            },
            {
              name: 'vendor-form',
              // zod's configuration (src/lib/zod-jitless.ts) rides with zod: alone it was a
              // 63-byte chunk, too small to compress, one more request before the form.
              test: /[\\/]node_modules[\\/](react-hook-form|@hookform[\\/]resolvers|zod)[\\/]|[\\/]src[\\/]lib[\\/]zod-jitless\.ts$/,
              tags: ['$initial'],
              priority: 3,
            },
            {
              name: 'vendor-query',
              test: /[\\/]node_modules[\\/](@tanstack|lucide-react)[\\/]/,
              tags: ['$initial'],
              priority: 2,
            },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
