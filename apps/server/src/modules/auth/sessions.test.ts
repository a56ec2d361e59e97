import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type ChangeFeed, startChangeFeed } from '../../db/change-feed.ts';
import { connectDatabase } from '../../db/client.ts';
import { signAccessToken } from '../../lib/tokens.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';

/**
 * An access token names its session (the refresh-token family): ending the session ends the
 * token at once, not 15 minutes later, on this instance and, as soon as PostgreSQL notifies,
 * on every other. Caches on (a live change feed), as in the server, so a cached "open" must be
 * dropped, not merely never stored.
 */
let ctx: TestContext;
/** Another instance on the same database: its own pool, feed, caches and memory. */
let other: { app: FastifyInstance; pool: pg.Pool; feed: ChangeFeed };

beforeAll(async () => {
  ctx = await createTestContext({ changeFeed: true });
  const { db, pool } = connectDatabase(ctx.databaseUrl, undefined, { max: 4 });
  const feed = await startChangeFeed(ctx.databaseUrl);
  other = { app: await buildApp({ config: ctx.config, db, changeFeed: feed }), pool, feed };
  await other.app.ready();
});

afterAll(async () => {
  await other.app.close();
  await other.feed.close();
  await other.pool.end();
  await ctx.close();
});

async function signIn(user: TestUser, app: FastifyInstance = ctx.app) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { pec: user.pec, password: user.password },
  });
  expect(response.statusCode).toBe(200);
  return {
    authorization: String(response.headers.authorization),
    refresh: String(response.headers.refresh),
  };
}

function profile(user: TestUser, authorization: string, app: FastifyInstance = ctx.app) {
  return app.inject({ method: 'GET', url: `/api/user/${user.id}`, headers: { authorization } });
}

async function status(user: TestUser, authorization: string, app: FastifyInstance = ctx.app) {
  return (await profile(user, authorization, app)).statusCode;
}

function logout(refresh: string, app: FastifyInstance = ctx.app) {
  return app.inject({ method: 'POST', url: '/api/auth/logout', headers: { refresh } });
}

function refresh(token: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/refresh-tokens',
    headers: { refresh: token },
  });
}

async function eventually(probe: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('access tokens end with their session', () => {
  it('after logout the access token of that session gets 401 at once; another session still works', async () => {
    const user = await ctx.buildUser();
    const laptop = await signIn(user);
    const phone = await signIn(user);
    // Held in the caches now.
    expect(await status(user, laptop.authorization)).toBe(200);
    expect(await status(user, laptop.authorization)).toBe(200);

    expect((await logout(laptop.refresh)).statusCode).toBe(200);

    const refused = await profile(user, laptop.authorization);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Sessione scaduta o non valida: accedi di nuovo.');
    expect(await status(user, phone.authorization)).toBe(200);
  });

  it('after reuse of a rotated refresh token the access tokens of its family get 401', async () => {
    const user = await ctx.buildUser();
    const first = await signIn(user);
    const rotated = await refresh(first.refresh);
    const newest = String(rotated.headers.authorization);
    const other = await signIn(user);
    expect(await status(user, first.authorization)).toBe(200);
    expect(await status(user, newest)).toBe(200);

    // The first refresh token comes back: stolen. The whole family ends, its access tokens too.
    expect((await refresh(first.refresh)).statusCode).toBe(401);

    expect(await status(user, first.authorization)).toBe(401);
    expect(await status(user, newest)).toBe(401);
    expect(await status(user, other.authorization)).toBe(200);
  });

  it('a logout on another instance refuses the token here as soon as PostgreSQL notifies', async () => {
    const user = await ctx.buildUser();
    const session = await signIn(user);
    expect(await status(user, session.authorization, other.app)).toBe(200);
    expect(await status(user, session.authorization, other.app)).toBe(200);

    expect((await logout(session.refresh, ctx.app)).statusCode).toBe(200);

    await eventually(async () => (await status(user, session.authorization, other.app)) === 401);
  });

  it('a revocation written outside the app (its own connection) is followed too', async () => {
    const user = await ctx.buildUser();
    const session = await signIn(user);
    expect(await status(user, session.authorization)).toBe(200);
    const client = new pg.Client({ connectionString: ctx.databaseUrl });
    await client.connect();
    try {
      await client.query('update refresh_tokens set revoked_at = now() where user_id = $1', [
        user.id,
      ]);
    } finally {
      await client.end();
    }
    await eventually(async () => (await status(user, session.authorization)) === 401);
  });

  it('refuses a token that names no open session', async () => {
    const user = await ctx.buildUser();
    const withoutSession = await signAccessToken(
      { sub: user.id, role: user.role, sessionId: randomUUID() },
      ctx.config.jwtSecret,
    );
    expect(await status(user, `Bearer ${withoutSession}`)).toBe(401);
  });
});
