import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { ROLES, it as text } from '@lexpath/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { REPOSITORY_ROOT } from './config.ts';
import { connectDatabase } from './db/client.ts';
import { categories, files, users } from './db/schema.ts';
import { buildTestMaster, uploadMaster } from './modules/templates/test-templates.ts';
import { API_SECURITY_HEADERS } from './plugins/security.ts';
import { WEB_NOT_BUILT_TEXT } from './plugins/static-spa.ts';
import { buildTestConfig, createTestContext, type TestContext } from './test/context.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

describe('GET /api/health', () => {
  it('answers ok when the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { status: 'ok' } });
  });

  it('answers 503 with the error body when the database is unreachable', async () => {
    // Port 1 on loopback: nothing listens there, the connection is refused at once.
    const unreachable = connectDatabase('postgresql://nobody:nothing@127.0.0.1:1/none');
    const app = await buildApp({ config: ctx.config, db: unreachable.db });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: text.errors.databaseUnavailable,
      });
    } finally {
      await app.close();
      await unreachable.pool.end();
    }
  });
});

describe('errors', () => {
  it('hides the details of an unexpected error behind the Italian 500 body', async () => {
    const app = await buildApp({ config: ctx.config, db: ctx.db });
    app.get('/api/test/explode', async () => {
      throw new Error('connection string postgres://secret@db leaked');
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/test/explode' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: text.errors.internal,
      });
      expect(response.body).not.toContain('secret');
    } finally {
      await app.close();
    }
  });

  it('answers an unknown /api path with a JSON 404 in Italian, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await ctx.app.inject({
        method,
        url: '/api/nothing-here',
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: text.errors.routeNotFound,
      });
    }
  });

  it('answers a malformed JSON body with a 400 in Italian', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"pec":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(text.errors.badRequest);
  });
});

describe('the one error format for every /api answer', () => {
  it('answers a URL it cannot decode (`/api/contract/%ZZ`) in Italian with the API headers', async () => {
    for (const url of ['/api/contract/%ZZ', '/api/%E0%A4%A']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: text.errors.badRequest,
      });
      expect(response.headers).toMatchObject(API_SECURITY_HEADERS);
    }
  });

  it('answers /api itself (no slash after it) with the API headers', async () => {
    for (const url of ['/api', '/api?x=1']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(text.errors.routeNotFound);
      expect(response.headers).toMatchObject(API_SECURITY_HEADERS);
    }
  });

  it('sends a path parameter over 100 characters to its route, with or without the web build', async () => {
    const lawyer = await ctx.buildUser();
    const headers = await ctx.authHeaders(lawyer);
    const distDir = await fakeWebBuild();
    const withWeb = await buildApp({
      config: buildTestConfig({ WEB_DIST_DIR: distDir }),
      db: ctx.db,
    });
    try {
      for (const app of [ctx.app, withWeb]) {
        for (const url of [`/api/contract/${'a'.repeat(101)}`, `/api/user/${'é'.repeat(300)}`]) {
          const response = await app.inject({ method: 'GET', url, headers });
          // The route's own answer (no such contract; a lawyer may not read users), not a
          // raw 414 and not "no such API address".
          expect([403, 404], url).toContain(response.statusCode);
          expect(response.json().message).not.toBe(text.errors.routeNotFound);
          expect(response.json().message).toBeTypeOf('string');
          expect(response.headers).toMatchObject(API_SECURITY_HEADERS);
        }
      }
      // No route: the API's 404, never the static files' refusal (a 403 read as "no permission").
      for (const url of ['/api/x%00', `/api/${'b'.repeat(300)}`]) {
        const response = await withWeb.inject({
          method: 'GET',
          url,
          headers: { accept: 'text/html' },
        });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({
          statusCode: 404,
          error: 'Not Found',
          message: text.errors.routeNotFound,
        });
        expect(response.headers).toMatchObject(API_SECURITY_HEADERS);
      }
    } finally {
      await withWeb.close();
      await rm(distDir, { recursive: true, force: true });
    }
  });
});

describe('text no field may hold', () => {
  const nameTaken = (name: string) =>
    ctx.db.select({ n: count() }).from(categories).where(eq(categories.name, name));

  it('refuses a NUL byte in a JSON body with a 400 naming the field, and stores nothing', async () => {
    const admin = await ctx.buildUser({ role: ROLES.admin });
    const response = await ctx.injectAs(admin)({
      method: 'POST',
      url: '/api/category',
      payload: { name: 'Locazioni\u0000' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: text.errors.invalidCharacters('name'),
    });
    expect((await nameTaken('Locazioni'))[0]?.n).toBe(0);
  });

  it('refuses a NUL byte in a registration, anonymously, and creates no account', async () => {
    const pec = 'nul.byte@pec.test.it';
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Marta',
        surname: 'Gal\u0000li',
        pec,
        password: 'Segreta#2026',
        terms_acceptance: true,
        terms_art_9_10: true,
        privacy: true,
        newsletter: false,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(text.errors.invalidCharacters('surname'));
    expect(await ctx.db.select().from(users).where(eq(users.pec, pec))).toEqual([]);
  });

  it('refuses a NUL byte in a query or path parameter, and half a surrogate pair anywhere', async () => {
    const admin = await ctx.buildUser({ role: ROLES.admin });
    const asAdmin = ctx.injectAs(admin);
    const search = await asAdmin({ method: 'GET', url: '/api/user?search=Ros%00si' });
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toBe(text.errors.invalidCharacters('search'));
    const param = await asAdmin({ method: 'GET', url: '/api/contract/%00' });
    expect(param.statusCode).toBe(400);
    expect(param.json().message).toBe(text.errors.invalidCharacters('id'));

    // A lone surrogate is stored as U+FFFD by the driver: the text would silently change.
    const surrogate = await asAdmin({
      method: 'POST',
      url: '/api/category',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"Mandati \\ud800"}',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().message).toBe(text.errors.invalidCharacters('name'));
    expect((await nameTaken('Mandati \uFFFD'))[0]?.n).toBe(0);
    // A key is text too (answers are stored as jsonb, keys and all).
    const key = await asAdmin({
      method: 'POST',
      url: '/api/category',
      payload: { name: 'Chiavi', 'x\u0000': 1 },
    });
    expect(key.statusCode).toBe(400);
    // A whole pair (an emoji) is ordinary text.
    const emoji = await asAdmin({
      method: 'POST',
      url: '/api/category',
      payload: { name: 'Sfratti 🏠' },
    });
    expect(emoji.statusCode).toBe(201);
  });

  it('refuses a NUL byte in a multipart field with a 400 and stores no file', async () => {
    const editor = await ctx.buildUser({ role: ROLES.editor });
    const before = await ctx.db.select({ n: count() }).from(files);
    const response = await uploadMaster(ctx, editor, {
      master: { filename: 'Contratto\u0000.docx', content: buildTestMaster('nul') },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().statusCode).toBe(400);
    expect(await ctx.db.select({ n: count() }).from(files)).toEqual(before);
  });
});

/** What the server sends on a raw connection, and after how long it closes it. */
function rawExchange(
  port: number,
  request: string,
  giveUpMs: number,
): Promise<{ received: string; closedAfterMs: number | undefined }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect({ host: '127.0.0.1', port });
    let received = '';
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ received, closedAfterMs: undefined });
    }, giveUpMs);
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ received, closedAfterMs: Date.now() - started });
    });
    socket.write(request);
  });
}

describe('connection timeouts', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let port: number;

  beforeAll(async () => {
    app = await buildApp({
      config: buildTestConfig({ REQUEST_TIMEOUT_MS: '1000', KEEP_ALIVE_TIMEOUT_MS: '1000' }),
      db: ctx.db,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers 408 in Italian to a body that stops halfway, and closes the connection', async () => {
    const { received, closedAfterMs } = await rawExchange(
      port,
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"pec":"a@',
      10_000,
    );
    expect(closedAfterMs).toBeDefined();
    expect(closedAfterMs).toBeLessThan(3_000);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(received).toContain('cache-control: no-store');
    const body = received.slice(received.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toEqual({
      statusCode: 408,
      error: 'Request Timeout',
      message: text.errors.requestTimeout,
    });
  });

  it('answers 408 to headers that never end', async () => {
    const { received, closedAfterMs } = await rawExchange(
      port,
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ',
      10_000,
    );
    expect(closedAfterMs).toBeDefined();
    expect(closedAfterMs).toBeLessThan(3_000);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes an idle keep-alive connection', async () => {
    const { received, closedAfterMs } = await rawExchange(
      port,
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n',
      10_000,
    );
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(closedAfterMs).toBeDefined();
    expect(closedAfterMs).toBeLessThan(4_000);
  });
});

describe('GET /api/app-config', () => {
  it('tells the web the support address and the external links', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/app-config' });
    expect(response.json()).toEqual({
      data: {
        supportEmail: 'supporto@pec.demo.it',
        faqUrl: 'https://www.example.it/faq',
        termsUrl: 'https://www.example.it/termini-e-condizioni',
        privacyUrl: 'https://www.example.it/privacy',
      },
    });
  });
});

describe('security headers', () => {
  it('an API answer is never stored, framed, sniffed or read by another origin', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers).toMatchObject({
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/contract' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('a page (the Swagger UI) gets the page policy instead', async () => {
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.headers['content-security-policy']).toContain("script-src 'self'");
    expect(ui.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(ui.headers['cache-control']).not.toBe('no-store');
  });
});

describe('GET /api/docs', () => {
  it('serves Swagger UI and the OpenAPI document of the routes', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
    expect(ui.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');

    const spec = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const paths = Object.keys(spec.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/refresh-tokens',
        '/api/auth/register',
        '/api/auth/verify-email',
        '/api/auth/forgot-password',
        '/api/auth/reset-password',
        '/api/auth/change-user-status',
        '/api/user',
        '/api/user/{id}',
      ]),
    );
  });
});

/** A built SPA of one page in a temporary folder (the caller removes it). */
async function fakeWebBuild(): Promise<string> {
  const root = path.join(REPOSITORY_ROOT, '.test-data');
  await mkdir(root, { recursive: true });
  const distDir = await mkdtemp(path.join(root, 'web-dist-'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  return distDir;
}

describe('the single-page app', () => {
  let distDir: string;

  beforeAll(async () => {
    const root = path.join(REPOSITORY_ROOT, '.test-data');
    await mkdir(root, { recursive: true });
    distDir = await mkdtemp(path.join(root, 'web-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(distDir, 'assets', 'app-1a2b3c.js'), 'console.log("app");');
  });

  afterAll(async () => {
    await rm(distDir, { recursive: true, force: true });
  });

  it('serves index.html for any page the router knows, with the CSP', async () => {
    const app = await buildApp({
      config: buildTestConfig({ WEB_DIST_DIR: distDir }),
      db: ctx.db,
    });
    try {
      for (const url of ['/', '/login', '/user/nuovo-contratto/questionario?x=1']) {
        const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('<div id="root">');
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.headers['content-security-policy']).toContain("script-src 'self'");
        expect(response.headers['content-security-policy']).toContain(
          "style-src 'self' 'unsafe-inline'",
        );
      }
      const asset = await app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');

      const missingAsset = await app.inject({ method: 'GET', url: '/assets/gone.js' });
      expect(missingAsset.statusCode).toBe(404);
      // A client that takes anything (curl) gets the page for a deep link, not a JSON 404.
      for (const accept of ['*/*', undefined]) {
        const deepLink = await app.inject({
          method: 'GET',
          url: '/user/archivio?page=2',
          headers: accept ? { accept } : {},
        });
        expect(deepLink.statusCode).toBe(200);
        expect(deepLink.body).toContain('<div id="root">');
      }
      const json = await app.inject({
        method: 'GET',
        url: '/user/archivio',
        headers: { accept: 'application/json' },
      });
      expect(json.statusCode).toBe(404);
      const api = await app.inject({
        method: 'GET',
        url: '/api/unknown',
        headers: { accept: 'text/html' },
      });
      expect(api.statusCode).toBe(404);
      expect(api.json().message).toBe(text.errors.routeNotFound);
    } finally {
      await app.close();
    }
  });

  it('sends the brotli or gzip file the build wrote, as the browser accepts, with Vary', async () => {
    const js = 'console.log("precompressed");'.repeat(50);
    await writeFile(path.join(distDir, 'assets', 'big-9f8e7d.js'), js);
    await writeFile(path.join(distDir, 'assets', 'big-9f8e7d.js.br'), brotliCompressSync(js));
    await writeFile(path.join(distDir, 'assets', 'big-9f8e7d.js.gz'), gzipSync(js));
    const page = '<!doctype html><div id="root"></div>';
    await writeFile(path.join(distDir, 'index.html.br'), brotliCompressSync(page));
    const app = await buildApp({
      config: buildTestConfig({ WEB_DIST_DIR: distDir }),
      db: ctx.db,
    });
    try {
      const get = (url: string, encoding?: string, accept = '*/*') =>
        app.inject({
          method: 'GET',
          url,
          headers: { accept, ...(encoding ? { 'accept-encoding': encoding } : {}) },
        });
      const br = await get('/assets/big-9f8e7d.js', 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(br.headers['cache-control']).toContain('immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);

      const gz = await get('/assets/big-9f8e7d.js', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(js);

      const plain = await get('/assets/big-9f8e7d.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(js);

      // The page itself, for a deep link the router handles.
      const html = await get('/login', 'br', 'text/html');
      expect(html.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(html.rawPayload).toString()).toBe(page);
      expect(html.headers['cache-control']).toBe('no-cache');
    } finally {
      await app.close();
    }
  });

  it('answers a page load of /login and of the catalogue with their stand-alone pages once the build has them', async () => {
    const loginPage = '<!doctype html><div id="root"><form>prerendered</form></div>';
    const cataloguePage = '<!doctype html><div id="root"><main>catalogo</main></div>';
    const appPage = '<!doctype html><div id="root"></div>';
    const dist = await mkdtemp(path.join(REPOSITORY_ROOT, '.test-data', 'web-dist-pages-'));
    await writeFile(path.join(dist, 'index.html'), appPage);
    await writeFile(path.join(dist, 'login.html'), loginPage);
    await writeFile(path.join(dist, 'login.html.br'), brotliCompressSync(loginPage));
    await writeFile(path.join(dist, 'catalogue.html'), cataloguePage);
    const app = await buildApp({
      config: buildTestConfig({ WEB_DIST_DIR: dist }),
      db: ctx.db,
    });
    const pageLoad = (url: string) =>
      app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    try {
      for (const url of ['/login', '/login/', '/login?next=1']) {
        const page = await pageLoad(url);
        expect(page.statusCode).toBe(200);
        expect(page.body).toBe(loginPage);
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      }
      const compressed = await app.inject({
        method: 'GET',
        url: '/login',
        headers: { accept: 'text/html', 'accept-encoding': 'br' },
      });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(loginPage);
      for (const url of ['/user/contratti', '/user/contratti/', '/user/contratti?pagina=2']) {
        const page = await pageLoad(url);
        expect(page.statusCode).toBe(200);
        expect(page.body).toBe(cataloguePage);
        expect(page.headers['cache-control']).toBe('no-cache');
      }
      // Every other page, the public ones and those under the catalogue's path included, is
      // still the app.
      for (const url of ['/registrazione', '/login-help', '/user/contratti-x', '/user/archivio']) {
        expect((await pageLoad(url)).body).toBe(appPage);
      }
    } finally {
      await app.close();
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('serves the app for a stand-alone page a build lacks', async () => {
    const appPage = '<!doctype html><div id="root"></div>';
    const dist = await mkdtemp(path.join(REPOSITORY_ROOT, '.test-data', 'web-dist-app-only-'));
    await writeFile(path.join(dist, 'index.html'), appPage);
    const app = await buildApp({ config: buildTestConfig({ WEB_DIST_DIR: dist }), db: ctx.db });
    try {
      for (const url of ['/login', '/user/contratti']) {
        const page = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(page.body).toBe(appPage);
      }
    } finally {
      await app.close();
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('tells to run `npm run build` when the web app is not built', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(WEB_NOT_BUILT_TEXT);
    expect(response.body).toContain('npm run build');
  });
});
