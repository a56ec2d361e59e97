import { randomUUID } from 'node:crypto';
import { it as text, USER_STATUS } from '@lexpath/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { refreshTokens, users } from '../../db/schema.ts';
import { hashToken, signAccessToken } from '../../lib/tokens.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { TEST_PASSWORD, type TestUser } from '../../test/factories.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

function loginAs(pec: string, password: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { pec, password } });
}

function refreshWith(token: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/refresh-tokens',
    headers: { refresh: token },
  });
}

async function signIn(user: TestUser) {
  const response = await loginAs(user.pec, user.password);
  expect(response.statusCode).toBe(200);
  return {
    accessToken: String(response.headers.authorization).replace(/^Bearer /, ''),
    refreshToken: String(response.headers.refresh),
  };
}

describe('POST /api/auth/login', () => {
  it('signs in a confirmed lawyer: bearer and refresh headers, the session user, no hash', async () => {
    const user = await ctx.buildUser({ name: 'Chiara', surname: 'Ferri', newsletter: true });

    const response = await loginAs(user.pec, user.password);

    expect(response.statusCode).toBe(200);
    expect(response.headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(response.headers.refresh).toMatch(/^[\w-]{43}$/);
    expect(response.headers['access-control-expose-headers']).toBe('authorization, refresh');
    expect(response.json()).toEqual({
      data: {
        id: user.id,
        name: 'Chiara',
        surname: 'Ferri',
        status: 'confermato',
        role: 'user',
        newsletter: true,
        lexmind: false,
      },
    });
    expect(response.body).not.toContain('argon2');
    const stored = await ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(hashToken(String(response.headers.refresh)));
  });

  it('stores passwords as argon2id hashes', async () => {
    const user = await ctx.buildUser();
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(TEST_PASSWORD);
  });

  it('refuses a wrong password with the generic message', async () => {
    const user = await ctx.buildUser();
    const response = await loginAs(user.pec, 'Wrong-password1!');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Credenziali Email o Password non valide',
    });
    expect(response.headers.authorization).toBeUndefined();
  });

  it('answers an unknown PEC exactly like a wrong password', async () => {
    const response = await loginAs('nessuno@pec.test.it', TEST_PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Credenziali Email o Password non valide');
  });

  it('refuses login while the PEC is not verified', async () => {
    const user = await ctx.buildUser({ emailVerified: false, status: USER_STATUS.pending });
    const response = await loginAs(user.pec, user.password);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Verifica la tua E-Mail per poter accedere.');
  });

  it('refuses an account still awaiting approval by an operator', async () => {
    const user = await ctx.buildUser({ status: USER_STATUS.pending });
    const response = await loginAs(user.pec, user.password);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(text.auth.accountPending);
    expect(response.json().message).toContain('in attesa di approvazione');
  });

  it('refuses a suspended account with a message containing "sospeso"', async () => {
    const user = await ctx.buildUser({ status: USER_STATUS.suspended });
    const response = await loginAs(user.pec, user.password);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('sospeso');
  });

  it('refuses an account whose registration was refused', async () => {
    const user = await ctx.buildUser({ status: USER_STATUS.refused });
    const response = await loginAs(user.pec, user.password);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(text.auth.accountRefused);
  });

  it('answers a cancelled account like wrong credentials', async () => {
    const user = await ctx.buildUser({ status: USER_STATUS.cancelled });
    const response = await loginAs(user.pec, user.password);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Credenziali Email o Password non valide');
  });

  it('reveals nothing about the account state without the right password', async () => {
    const user = await ctx.buildUser({ status: USER_STATUS.suspended });
    const response = await loginAs(user.pec, 'Wrong-password1!');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Credenziali Email o Password non valide');
  });

  it('accepts the PEC in any letter case', async () => {
    const user = await ctx.buildUser({ pec: 'Studio.Legale@PEC.Test.it' });
    expect(user.pec).toBe('studio.legale@pec.test.it');
    const response = await loginAs('  STUDIO.legale@pec.TEST.IT ', user.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.id).toBe(user.id);
  });

  it('answers 400 with the Italian messages of the shared schema for a malformed body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { pec: 'non-una-pec' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: ['Indirizzo PEC non valido.', 'Campo obbligatorio.'],
    });
  });

  it('limits login attempts per IP and PEC with a 429 in Italian', async () => {
    const limited = await buildApp({
      config: ctx.config,
      db: ctx.db,
      rateLimits: { login: { max: 3, timeWindowMs: 60_000 } },
    });
    const user = await ctx.buildUser();
    const attempt = (pec: string) =>
      limited.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { pec, password: 'Wrong-password1!' },
      });
    try {
      for (let i = 0; i < 3; i += 1) expect((await attempt(user.pec)).statusCode).toBe(401);

      const blocked = await attempt(user.pec.toUpperCase());
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: text.auth.tooManyAttempts,
      });
      // Another PEC from the same address has its own budget.
      expect((await attempt('altro@pec.test.it')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/auth/refresh-tokens', () => {
  it('rotates: a new token pair and the session user; the old refresh token is refused after', async () => {
    const user = await ctx.buildUser();
    const first = await signIn(user);

    const rotated = await refreshWith(first.refreshToken);

    expect(rotated.statusCode).toBe(200);
    expect(rotated.headers.authorization).toMatch(/^Bearer /);
    expect(rotated.headers.refresh).toMatch(/^[\w-]{43}$/);
    expect(rotated.headers.refresh).not.toBe(first.refreshToken);
    expect(rotated.headers['access-control-expose-headers']).toBe('authorization, refresh');
    expect(rotated.json().data).toMatchObject({ id: user.id, role: 'user' });

    const newAccess = String(rotated.headers.authorization);
    const me = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${user.id}`,
      headers: { authorization: newAccess },
    });
    expect(me.statusCode).toBe(200);

    const replay = await refreshWith(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(text.auth.invalidRefreshToken);
  });

  it('revokes the whole family when a rotated token is used again', async () => {
    const user = await ctx.buildUser();
    const { refreshToken: original } = await signIn(user);
    const second = String((await refreshWith(original)).headers.refresh);
    const newest = String((await refreshWith(second)).headers.refresh);

    // The stolen first token comes back: the family is compromised.
    expect((await refreshWith(original)).statusCode).toBe(401);

    const afterReuse = await refreshWith(newest);
    expect(afterReuse.statusCode).toBe(401);
    const family = await ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, user.id));
    expect(family).toHaveLength(3);
    expect(family.every((row) => row.revokedAt !== null)).toBe(true);
  });

  it('leaves other sessions of the same user alone when one family is revoked', async () => {
    const user = await ctx.buildUser();
    const laptop = await signIn(user);
    const phone = await signIn(user);
    await refreshWith(laptop.refreshToken);
    await refreshWith(laptop.refreshToken);

    expect((await refreshWith(phone.refreshToken)).statusCode).toBe(200);
  });

  it('refuses an expired refresh token', async () => {
    const user = await ctx.buildUser();
    const { refreshToken } = await signIn(user);
    await ctx.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));

    const response = await refreshWith(refreshToken);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(text.auth.invalidRefreshToken);
  });

  it('refuses a missing or unknown refresh token', async () => {
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-tokens' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe(text.auth.invalidRefreshToken);
    expect((await refreshWith('not-a-real-token')).statusCode).toBe(401);
  });

  it('refuses to refresh the session of a user suspended since login', async () => {
    const user = await ctx.buildUser();
    const { refreshToken } = await signIn(user);
    await ctx.db.update(users).set({ status: USER_STATUS.suspended }).where(eq(users.id, user.id));

    expect((await refreshWith(refreshToken)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session: its refresh token no longer works', async () => {
    const user = await ctx.buildUser();
    const first = await signIn(user);
    const rotated = String((await refreshWith(first.refreshToken)).headers.refresh);

    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { refresh: rotated },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
    expect((await refreshWith(rotated)).statusCode).toBe(401);
    const rows = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
  });

  it('answers 200 also without a token or with an unknown one', async () => {
    const withoutToken = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(withoutToken.statusCode).toBe(200);
    expect(withoutToken.json()).toEqual({ data: null });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { refresh: 'unknown-token' },
    });
    expect(unknown.statusCode).toBe(200);
  });
});

describe('access tokens', () => {
  it('refuses a JWT whose expiry has passed', async () => {
    const user = await ctx.buildUser();
    const expired = await signAccessToken(
      { sub: user.id, role: user.role, sessionId: randomUUID() },
      ctx.config.jwtSecret,
      new Date(Date.now() - 60_000),
    );
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${user.id}`,
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(text.auth.unauthenticated);
  });

  it('refuses a JWT signed with another secret', async () => {
    const user = await ctx.buildUser();
    const forged = await signAccessToken(
      { sub: user.id, role: 'admin', sessionId: randomUUID() },
      'another-secret-another-secret-another-secret',
    );
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${user.id}`,
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('issues access tokens that expire after 15 minutes', async () => {
    const user = await ctx.buildUser();
    const { accessToken } = await signIn(user);
    const payload = JSON.parse(
      Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(payload.sub).toBe(user.id);
    expect(payload.role).toBe('user');
    expect(payload.exp - payload.iat).toBe(15 * 60);
  });
});
