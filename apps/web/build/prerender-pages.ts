import { existsSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin, type ViteDevServer } from 'vite';

/** A stand-alone page (issue 13): its HTML entry, the module that renders it, its path. */
interface StandalonePage {
  html: string;
  module: string;
  pathname: string;
}

/** The server answers the same paths with the same files (apps/server/src/plugins/static-spa.ts). */
const PAGES: readonly StandalonePage[] = [
  { html: 'login.html', module: '/src/login-prerender.tsx', pathname: '/login' },
  { html: 'catalogue.html', module: '/src/catalogue-prerender.tsx', pathname: '/user/contratti' },
];

const DOCUMENT_MARK = '<!--page-document-->';
const TITLE_MARK = '<!--page-title-->';

/** What each page's prerender module exports. */
interface PrerenderModule {
  DOCUMENT_TITLE: string;
  renderDocument(): string;
}

async function prerender(server: ViteDevServer, page: StandalonePage, html: string) {
  const module = (await server.ssrLoadModule(page.module)) as PrerenderModule;
  return html
    .replace(TITLE_MARK, module.DOCUMENT_TITLE)
    .replace(DOCUMENT_MARK, module.renderDocument());
}

function pageFor(filename: string): StandalonePage | undefined {
  return PAGES.find((page) => filename.endsWith(`/${page.html}`));
}

/**
 * The stand-alone pages as HTML the browser paints before any script: each React tree is
 * rendered into its HTML entry (in the build and in the dev server alike), and the build inlines
 * the page's small stylesheet, so the first paint waits for one request only. The dev server
 * also answers each page's path with it, as the production server does.
 */
export function prerenderPages(): Plugin {
  let root = '';
  let isBuild = false;
  let renderer: ViteDevServer | undefined;

  /** The build has no module runner of its own: a throwaway SSR server renders the trees. */
  async function buildRenderer(): Promise<ViteDevServer> {
    renderer ??= await createServer({
      root,
      configFile: false,
      logLevel: 'error',
      appType: 'custom',
      server: { middlewareMode: true, hmr: false, ws: false },
    });
    return renderer;
  }

  return {
    name: 'lexpath-prerender-pages',
    configResolved(config) {
      root = config.root;
      isBuild = config.command === 'build';
    },
    configureServer(server) {
      renderer = server;
      const pages = PAGES.filter((page) => existsSync(path.join(root, page.html)));
      server.middlewares.use((request, _response, next) => {
        const [pathname = '', query] = (request.url ?? '').split('?');
        const page = pages.find(
          (candidate) => pathname === candidate.pathname || pathname === `${candidate.pathname}/`,
        );
        if (page && request.headers.accept?.includes('text/html')) {
          request.url = `/${page.html}${query === undefined ? '' : `?${query}`}`;
        }
        next();
      });
    },
    transformIndexHtml: {
      // After Vite has put the stylesheet and script tags in.
      order: 'post',
      async handler(html, context) {
        const page = pageFor(context.filename);
        if (!page) return html;
        const server = isBuild ? await buildRenderer() : context.server;
        if (!server) return html;
        const rendered = await prerender(server, page, html);
        if (!context.bundle) return rendered;
        // A stylesheet of a few kB: inline, the page paints with its HTML.
        return rendered.replace(
          /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
          (tag, fileName: string) => {
            const asset = context.bundle?.[fileName];
            if (asset?.type !== 'asset') return tag;
            return `<style>${String(asset.source)}</style>`;
          },
        );
      },
    },
    async closeBundle() {
      if (isBuild && renderer) await renderer.close();
      renderer = undefined;
    },
  };
}
