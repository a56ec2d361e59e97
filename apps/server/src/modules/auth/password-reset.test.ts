import { it as text, USER_STATUS } from '@lexpath/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { actionTokens, refreshTokens, users } from '../../db/schema.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { latestMail, mailsTo, tokenFromLink } from '../../test/outbox.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ env: { APP_URL: 'https://lexpath.test' } });
});

afterAll(async () => {
  await ctx.close();
});

const RESET_SUBJECT = 'Reimposta la password di LexPath';
const CHANGED_SUBJECT = 'La password di LexPath è stata modificata';
const NEW_PASSWORD = 'Nuova#Password9';

function forgot(pec: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { pec } });
}

function reset(token: string | undefined, password: string) {
  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  return ctx.app.inject({
    method: 'POST',
    url: `/api/auth/reset-password${query}`,
    payload: { password },
  });
}

function login(pec: string, password: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { pec, password } });
}

async function signIn(user: TestUser) {
  const response = await login(user.pec, user.password);
  expect(response.statusCode).toBe(200);
  return {
    authorization: String(response.headers.authorization),
    refresh: String(response.headers.refresh),
  };
}

async function requestResetToken(user: TestUser): Promise<string> {
  expect((await forgot(user.pec)).statusCode).toBe(200);
  const mail = await latestMail(ctx.db, user.pec, RESET_SUBJECT);
  return tokenFromLink(mail?.text ?? '', '/reset-password');
}

describe('POST /api/auth/forgot-password', () => {
  it('mails a reset link valid 1 hour, its token stored only as a hash', async () => {
    const user = await ctx.buildUser({ name: 'Elena', surname: 'Sala' });

    const response = await forgot(user.pec);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
    const mail = await latestMail(ctx.db, user.pec, RESET_SUBJECT);
    expect(mail?.text).toContain('Gentile Elena Sala,');
    const token = tokenFromLink(mail?.text ?? '', '/reset-password');
    expect(mail?.text).toContain(`https://lexpath.test/reset-password?token=${token}`);
    const [stored] = await ctx.db
      .select({
        kind: actionTokens.kind,
        minutes: sql<number>`round(extract(epoch from (${actionTokens.expiresAt} - ${actionTokens.createdAt})) / 60)::int`,
      })
      .from(actionTokens)
      .where(eq(actionTokens.tokenHash, hashToken(token)));
    expect(stored).toEqual({ kind: 'reset-password', minutes: 60 });
  });

  it('answers an unknown PEC exactly like a known one, and mails nobody', async () => {
    const known = await ctx.buildUser();
    const unknownPec = 'nessuno.qui@pec.test.it';

    const forKnown = await forgot(known.pec);
    const forUnknown = await forgot(unknownPec);

    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.body).toBe(forKnown.body);
    expect(forUnknown.headers['content-type']).toBe(forKnown.headers['content-type']);
    expect(await mailsTo(ctx.db, unknownPec)).toEqual([]);
  });

  it('mails nothing to a cancelled account, with the same answer', async () => {
    const cancelled = await ctx.buildUser({ status: USER_STATUS.cancelled });
    const response = await forgot(cancelled.pec);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
    expect(await mailsTo(ctx.db, cancelled.pec)).toEqual([]);
  });

  it('accepts the PEC in any letter case', async () => {
    const user = await ctx.buildUser();
    expect((await forgot(user.pec.toUpperCase())).statusCode).toBe(200);
    expect(await mailsTo(ctx.db, user.pec)).toHaveLength(1);
  });

  it('sends at most one reset mail a minute to an account, whatever the requests', async () => {
    const user = await ctx.buildUser();
    await forgot(user.pec);
    const second = await forgot(user.pec);
    expect(second.statusCode).toBe(200);
    expect(await mailsTo(ctx.db, user.pec)).toHaveLength(1);
  });

  it('validates the PEC with the SPEC §5 messages', async () => {
    const invalid = await forgot('non-una-pec');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Indirizzo PEC non valido.');
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: {},
    });
    expect(missing.json().message).toBe('Campo obbligatorio.');
  });

  it('limits requests per address with a 429 in Italian', async () => {
    const limited = await buildApp({
      config: ctx.config,
      db: ctx.db,
      rateLimits: { forgotPassword: { max: 2, timeWindowMs: 60_000 } },
    });
    try {
      const attempt = (pec: string) =>
        limited.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { pec } });
      expect((await attempt('uno@pec.test.it')).statusCode).toBe(200);
      expect((await attempt('due@pec.test.it')).statusCode).toBe(200);
      const blocked = await attempt('tre@pec.test.it');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe(text.errors.tooManyRequests);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password: the old one stops working, the new one signs in', async () => {
    const user = await ctx.buildUser();
    const token = await requestResetToken(user);

    const response = await reset(token, NEW_PASSWORD);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
    expect((await login(user.pec, user.password)).statusCode).toBe(401);
    expect((await login(user.pec, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('mails the owner that the password changed', async () => {
    const user = await ctx.buildUser();
    await reset(await requestResetToken(user), NEW_PASSWORD);
    const mail = await latestMail(ctx.db, user.pec, CHANGED_SUBJECT);
    expect(mail?.text).toContain('supporto@pec.demo.it');
  });

  it('ends every session of the user: old refresh and access tokens get 401', async () => {
    const user = await ctx.buildUser();
    const laptop = await signIn(user);
    const phone = await signIn(user);
    const token = await requestResetToken(user);

    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);

    for (const session of [laptop, phone]) {
      const refreshed = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/refresh-tokens',
        headers: { refresh: session.refresh },
      });
      expect(refreshed.statusCode).toBe(401);
      const me = await ctx.app.inject({
        method: 'GET',
        url: `/api/user/${user.id}`,
        headers: { authorization: session.authorization },
      });
      expect(me.statusCode).toBe(401);
    }
    const stored = await ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, user.id));
    expect(stored.every((row) => row.revokedAt !== null)).toBe(true);

    // A new sign-in works normally.
    const fresh = await signIn({ ...user, password: NEW_PASSWORD });
    const me = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${user.id}`,
      headers: { authorization: fresh.authorization },
    });
    expect(me.statusCode).toBe(200);
  });

  it('works once: the same link then says it was already used', async () => {
    const user = await ctx.buildUser();
    const token = await requestResetToken(user);
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(token, 'Altra#Password1');

    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(text.account.resetPasswordUsed);
    expect((await login(user.pec, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('spends the other reset links of the user too', async () => {
    const user = await ctx.buildUser();
    const older = await requestResetToken(user);
    // Past the one-mail-a-minute cool-down, a second link is sent.
    await ctx.db
      .update(actionTokens)
      .set({ createdAt: sql`now() - interval '5 minutes'` })
      .where(eq(actionTokens.userId, user.id));
    const newer = await requestResetToken(user);
    expect(newer).not.toBe(older);

    expect((await reset(newer, NEW_PASSWORD)).statusCode).toBe(200);

    expect((await reset(older, 'Altra#Password1')).statusCode).toBe(409);
  });

  it('refuses an expired link (older than 1 hour) and keeps the password', async () => {
    const user = await ctx.buildUser();
    const token = await requestResetToken(user);
    await ctx.db
      .update(actionTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(actionTokens.tokenHash, hashToken(token)));

    const response = await reset(token, NEW_PASSWORD);

    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(text.account.resetPasswordExpired);
    expect((await login(user.pec, user.password)).statusCode).toBe(200);
  });

  it.each([
    ['garbage', 'qualcosa-di-inventato'],
    ['missing', undefined],
  ])('refuses a %s token with a clear message', async (_, token) => {
    const response = await reset(token, NEW_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(text.account.resetPasswordInvalid);
  });

  it('refuses a weak password without spending the link', async () => {
    const user = await ctx.buildUser();
    const token = await requestResetToken(user);

    const weak = await reset(token, 'password');

    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('La password non rispetta i requisiti minimi di sicurezza.');
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('does not accept a verify-email token', async () => {
    const pec = 'verifica.reset@pec.test.it';
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Pia',
        surname: 'Riva',
        pec,
        password: 'Segreta#2026',
        terms_acceptance: true,
        terms_art_9_10: true,
        privacy: true,
      },
    });
    const mail = await latestMail(ctx.db, pec, 'Conferma il tuo indirizzo PEC - LexPath');
    const verifyToken = tokenFromLink(mail?.text ?? '', '/verify-email');

    expect((await reset(verifyToken, NEW_PASSWORD)).statusCode).toBe(400);
    const [row] = await ctx.db.select().from(users).where(eq(users.pec, pec));
    expect(row?.emailVerified).toBe(false);
  });
});
