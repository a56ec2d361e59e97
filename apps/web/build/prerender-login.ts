import { createServer, type Plugin, type ViteDevServer } from 'vite';

const ENTRY_HTML = 'login.html';
const PRERENDER_MODULE = '/src/login-prerender.tsx';
const DOCUMENT_MARK = '<!--login-document-->';
const TITLE_MARK = '<!--login-title-->';

interface PrerenderModule {
  LOGIN_DOCUMENT_TITLE: string;
  renderLoginDocument(): string;
}

async function prerender(server: ViteDevServer, html: string): Promise<string> {
  const module = (await server.ssrLoadModule(PRERENDER_MODULE)) as PrerenderModule;
  return html
    .replace(TITLE_MARK, module.LOGIN_DOCUMENT_TITLE)
    .replace(DOCUMENT_MARK, module.renderLoginDocument());
}

/**
 * The stand-alone /login page (issue 13) as HTML the browser paints before any script: its
 * React tree is rendered into login.html (in the build and in the dev server alike), and the
 * build inlines its small stylesheet, so the first paint waits for one request only. The dev
 * server also answers /login with this page, as the production server does.
 */
export function prerenderLogin(): Plugin {
  let root = '';
  let isBuild = false;
  let renderer: ViteDevServer | undefined;

  /** The build has no module runner of its own: a throwaway SSR server renders the tree. */
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
    name: 'lexpath-prerender-login',
    configResolved(config) {
      root = config.root;
      isBuild = config.command === 'build';
    },
    configureServer(server) {
      renderer = server;
      server.middlewares.use((request, _response, next) => {
        const [pathname, query] = (request.url ?? '').split('?');
        if (pathname === '/login' || pathname === '/login/') {
          request.url = `/${ENTRY_HTML}${query === undefined ? '' : `?${query}`}`;
        }
        next();
      });
    },
    transformIndexHtml: {
      // After Vite has put the stylesheet and script tags in.
      order: 'post',
      async handler(html, context) {
        if (!context.filename.endsWith(ENTRY_HTML)) return html;
        const server = isBuild ? await buildRenderer() : context.server;
        if (!server) return html;
        const rendered = await prerender(server, html);
        if (!context.bundle) return rendered;
        // One stylesheet of a few kB: inline, the page paints with its HTML.
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
