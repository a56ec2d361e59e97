import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { it } from '@lexpath/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from './errors.ts';

export type StaticSpaOptions = { distDir: string };

export const WEB_NOT_BUILT_TEXT = [
  "L'interfaccia web non è ancora stata compilata: esegui `npm run build` e riavvia il server.",
  'The web app is not built yet: run `npm run build`, then restart the server.',
  '',
].join('\n');

/**
 * A page of the app: a browser asks for HTML; a client that takes anything (`curl`, a link
 * checker) gets the page too for a path that does not name a file. A missing `/assets/x.js`
 * stays a 404.
 */
function isHtmlNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isApiPath(request.url)) return false;
  const accept = request.headers.accept ?? '*/*';
  if (accept.includes('text/html')) return true;
  const lastSegment = request.url.split('?')[0]?.split('/').pop() ?? '';
  return accept.includes('*/*') && !lastSegment.includes('.');
}

/**
 * The stand-alone pages (issue 13): each its own small HTML, painted before any script on a
 * phone. The login form is in its HTML; the lawyer's catalogue has its frame there and fetches
 * its templates as its script starts. Every other page is the app's index.html.
 */
const STANDALONE_PAGES = [
  { file: 'login.html', pathname: '/login' },
  { file: 'catalogue.html', pathname: '/user/contratti' },
] as const;

function pathnameOf(url: string): string {
  const pathname = url.split('?')[0] ?? '';
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Serves the built SPA from WEB_DIST_DIR with history fallback: a browser navigation to any
 * path outside /api gets index.html and React Router takes over. Owns the not-found handler,
 * so an unknown /api path always answers a JSON 404, never the SPA.
 */
export const staticSpaPlugin = fp(
  async (app: FastifyInstance, { distDir }: StaticSpaOptions) => {
    const hasDist = existsSync(path.join(distDir, 'index.html'));
    // A build from before a stand-alone page existed still works: its path is the app's page.
    const standalonePages = new Map<string, string>(
      STANDALONE_PAGES.filter(({ file }) => hasDist && existsSync(path.join(distDir, file))).map(
        ({ file, pathname }) => [pathname, file],
      ),
    );
    if (hasDist) {
      const staticOptions = {
        root: distDir,
        dotfiles: 'ignore' as const,
        cacheControl: false,
        // The build writes `.br` and `.gz` beside each text file (apps/web/build/precompress.ts):
        // sent as the browser accepts, with `Vary: Accept-Encoding`, never compressed per request.
        preCompressed: true,
        // Vite fingerprints everything under assets/: cache forever. index.html never.
        setHeaders: (reply: { header: (name: string, value: string) => unknown }, file: string) => {
          const immutable = file.includes(`${path.sep}assets${path.sep}`);
          reply.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      };
      // `reply.sendFile` for the history fallback below, app-wide.
      await app.register(fastifyStatic, { ...staticOptions, serve: false });
      // The files themselves, in a scope of their own whose guard keeps /api out: an /api path
      // no route matched is the API's 404, never a file lookup (whose refusals, e.g. a 403 for
      // `/api/x%00`, would read as "no permission", and `/api/%2e%2e/` would be the SPA).
      await app.register(async (files) => {
        files.addHook('onRequest', async (request, reply) => {
          if (isApiPath(request.url)) return reply.callNotFound();
        });
        await files.register(fastifyStatic, { ...staticOptions, decorateReply: false });
      });
    }

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      if (isHtmlNavigation(request)) {
        if (hasDist) {
          return reply.sendFile(standalonePages.get(pathnameOf(request.url)) ?? 'index.html');
        }
        return reply.type('text/plain; charset=utf-8').send(WEB_NOT_BUILT_TEXT);
      }
      const message = isApiPath(request.url) ? it.errors.routeNotFound : it.errors.notFound;
      return reply.status(404).send(errorBody(404, message));
    });
  },
  { name: 'static-spa' },
);
