import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { it as text } from '@lexpath/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { REPOSITORY_ROOT } from './config.ts';
import { connectDatabase } from './db/client.ts';
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
