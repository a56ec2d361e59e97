import { it as text } from '@lexpath/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { connectDatabase } from '../../db/client.ts';
import { loginThrottles } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { latestMail, tokenFromLink } from '../../test/outbox.ts';
import { FREE_FAILURES, MAX_DELAY_MS } from './login-throttle.ts';

/**
 * The per-account limit of issue 10: failures on one PEC from any address and any instance
 * share one count in PostgreSQL; the owner keeps a way in (a known device, a reset link).
 */
let ctx: TestContext;
/** A second instance of the app on the same database: its own pool, its own memory. */
let other: { app: FastifyInstance; pool: pg.Pool };

beforeAll(async () => {
  ctx = await createTestContext();
  const { db, pool } = connectDatabase(ctx.databaseUrl, undefined, { max: 4 });
  other = { app: await buildApp({ config: ctx.config, db }), pool };
  await other.app.ready();
});

afterAll(async () => {
  await other.app.close();
  await other.pool.end();
  await ctx.close();
});

const WRONG = 'Wrong-password1!';

function attempt(
  pec: string,
  password: string,
  {
    app = ctx.app,
    ip = '127.0.0.1',
    cookie,
  }: { app?: FastifyInstance; ip?: string; cookie?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    payload: { pec, password },
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

/**
 * Fails the free attempts and the one that earns the first lock (1 s), from the attacker's
 * address (the per-address limit of 10 a minute is another test's business).
 */
async function lock(pec: string, app: FastifyInstance = ctx.app) {
  for (let i = 0; i <= FREE_FAILURES; i += 1) {
    expect((await attempt(pec, WRONG, { app, ip: '192.0.2.1' })).statusCode).toBe(401);
  }
}

/** `name=value` of the Set-Cookie header, as a browser sends it back. */
function cookieOf(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  return String(Array.isArray(header) ? header[0] : header).split(';')[0] ?? '';
}

async function throttleOf(pec: string) {
  const [row] = await ctx.db.select().from(loginThrottles).where(eq(loginThrottles.pec, pec));
  return row;
}

describe('per-account sign-in limit', () => {
  it('locks a PEC after 5 failures: 429 in Italian with Retry-After, also for the right password', async () => {
    const user = await ctx.buildUser();
    await lock(user.pec);

    const refused = await attempt(user.pec, WRONG, { ip: '10.0.0.2' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: text.auth.loginLocked(1),
    });
    // While locked the password is not checked at all: the right one is refused the same.
    const right = await attempt(user.pec, user.password, { ip: '10.0.0.3' });
    expect(right.statusCode).toBe(429);
    expect(right.headers.authorization).toBeUndefined();
    // Refused attempts are not counted: the lock does not grow under the attack.
    expect((await throttleOf(user.pec))?.failures).toBe(FREE_FAILURES + 1);
  });

  it('doubles the delay after each further failure', async () => {
    const user = await ctx.buildUser();
    await lock(user.pec);
    await new Promise((resolve) => setTimeout(resolve, 1100));

    expect((await attempt(user.pec, WRONG)).statusCode).toBe(401);
    const refused = await attempt(user.pec, WRONG);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.json().message).toBe(text.auth.loginLocked(2));
  });

  it('caps the delay at 15 minutes', async () => {
    const user = await ctx.buildUser();
    await ctx.db.insert(loginThrottles).values({
      pec: user.pec,
      failures: 40,
      lastFailureAt: sql`now()`,
      lockedUntil: sql`now() - interval '1 second'`,
    });
    expect((await attempt(user.pec, WRONG)).statusCode).toBe(401);
    const refused = await attempt(user.pec, WRONG);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(MAX_DELAY_MS / 1000);
    expect(refused.json().message).toBe(text.auth.loginLocked(MAX_DELAY_MS / 1000));
  });

  it('treats an unknown PEC exactly like a registered one', async () => {
    const user = await ctx.buildUser();
    const unknown = 'nessuno.bloccato@pec.test.it';
    await Promise.all([lock(user.pec), lock(unknown)]);

    const [registered, unregistered] = await Promise.all([
      attempt(user.pec, WRONG),
      attempt(unknown, WRONG),
    ]);
    expect(unregistered.statusCode).toBe(registered.statusCode);
    expect(unregistered.statusCode).toBe(429);
    expect(unregistered.headers['retry-after']).toBe(registered.headers['retry-after']);
    expect(unregistered.json()).toEqual(registered.json());
  });

  it('forgets the failures after a successful sign-in', async () => {
    const user = await ctx.buildUser();
    for (let i = 0; i < FREE_FAILURES - 1; i += 1) {
      expect((await attempt(user.pec, WRONG)).statusCode).toBe(401);
    }
    expect((await attempt(user.pec, user.password)).statusCode).toBe(200);
    expect(await throttleOf(user.pec)).toBeUndefined();

    for (let i = 0; i < FREE_FAILURES; i += 1) {
      expect((await attempt(user.pec, WRONG)).statusCode).toBe(401);
    }
  });

  it('holds across two instances on one database', async () => {
    const user = await ctx.buildUser();
    // The free failures alternate between the instances; the lock earned on one holds on the other.
    for (let i = 0; i <= FREE_FAILURES; i += 1) {
      const app = i % 2 === 0 ? ctx.app : other.app;
      expect((await attempt(user.pec, WRONG, { app })).statusCode).toBe(401);
    }
    const onOther = await attempt(user.pec, user.password, { app: other.app });
    expect(onOther.statusCode).toBe(429);
    expect((await attempt(user.pec, user.password, { app: ctx.app })).statusCode).toBe(429);
  });

  it('lets 200 parallel guesses from 20 addresses on two instances check at most 7 passwords', async () => {
    const user = await ctx.buildUser();
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        attempt(user.pec, `${WRONG}${i}`, {
          app: i % 2 === 0 ? ctx.app : other.app,
          ip: `10.1.0.${i % 20}`,
        }),
      ),
    );
    const elapsedMs = Date.now() - started;
    const checked = responses.filter((response) => response.statusCode === 401).length;
    const locked = responses.filter((response) => response.statusCode === 429).length;
    expect(checked + locked).toBe(200);
    // 5 free failures and the 6th that earns the 1 s lock; one more only if the burst outlived it.
    expect(checked).toBeGreaterThanOrEqual(FREE_FAILURES + 1);
    expect(checked).toBeLessThanOrEqual(elapsedMs < 1000 ? FREE_FAILURES + 1 : FREE_FAILURES + 2);
  });
});

describe('the owner is not locked out', () => {
  it('a device that signed in to the PEC before skips the lock; other devices do not', async () => {
    const owner = await ctx.buildUser();
    const signedIn = await attempt(owner.pec, owner.password);
    expect(signedIn.statusCode).toBe(200);
    const setCookie = String(signedIn.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('Path=/api/auth/login');
    expect(setCookie).toContain('SameSite=Strict');
    const ownersDevice = cookieOf(signedIn);

    // An attacker's own account gives them a known-device cookie for that PEC only.
    const attacker = await ctx.buildUser();
    const attackersDevice = cookieOf(await attempt(attacker.pec, attacker.password));
    await lock(owner.pec);
    const fromAttacker = await attempt(owner.pec, owner.password, { cookie: attackersDevice });
    expect(fromAttacker.statusCode).toBe(429);
    const forged = await attempt(owner.pec, owner.password, {
      cookie: ownersDevice.replace(/\.(.)/, (_, first) => (first === 'A' ? '.B' : '.A')),
    });
    expect(forged.statusCode).toBe(429);

    const fromOwner = await attempt(owner.pec, owner.password, { cookie: ownersDevice });
    expect(fromOwner.statusCode).toBe(200);
    // Reset on success: the other devices may try again.
    expect((await attempt(owner.pec, owner.password)).statusCode).toBe(200);
  });

  it('one browser remembers the accounts of several colleagues', async () => {
    const [first, second] = await Promise.all([ctx.buildUser(), ctx.buildUser()]);
    const afterFirst = cookieOf(await attempt(first.pec, first.password));
    const shared = cookieOf(await attempt(second.pec, second.password, { cookie: afterFirst }));
    await lock(first.pec);
    await lock(second.pec);
    expect((await attempt(first.pec, first.password, { cookie: shared })).statusCode).toBe(200);
    expect((await attempt(second.pec, second.password, { cookie: shared })).statusCode).toBe(200);
  });

  it('a password reset lifts the lock', async () => {
    const owner: TestUser = await ctx.buildUser();
    await lock(owner.pec);
    expect((await attempt(owner.pec, owner.password)).statusCode).toBe(429);

    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { pec: owner.pec },
    });
    expect(forgot.statusCode).toBe(200);
    const mail = await latestMail(ctx.db, owner.pec, 'Reimposta la password di LexPath');
    const token = tokenFromLink(mail?.text ?? '', '/reset-password');
    const newPassword = 'Nuova#Password9';
    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password?token=${encodeURIComponent(token)}`,
      payload: { password: newPassword },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    expect((await attempt(owner.pec, newPassword)).statusCode).toBe(200);
  });
});
