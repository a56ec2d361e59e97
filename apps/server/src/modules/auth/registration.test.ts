import { randomBytes } from 'node:crypto';
import { it as text } from '@lexpath/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { actionTokens, consents, outbox, users } from '../../db/schema.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { latestMail, mailsTo, tokenFromLink } from '../../test/outbox.ts';
import { CONSENT_TEXT_VERSIONS } from '../consents/consents.service.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ env: { APP_URL: 'https://lexpath.test' } });
});

afterAll(async () => {
  await ctx.close();
});

const VERIFY_SUBJECT = 'Conferma il tuo indirizzo PEC - LexPath';
const PASSWORD = 'Segreta#2026';

function uniquePec() {
  return `avv.${randomBytes(4).toString('hex')}@pec.test.it`;
}

function registration(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Marta',
    surname: 'Galli',
    pec: uniquePec(),
    password: PASSWORD,
    terms_acceptance: true,
    terms_art_9_10: true,
    privacy: true,
    newsletter: false,
    ...overrides,
  };
}

function register(payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload });
}

function verify(token: string | undefined) {
  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  return ctx.app.inject({ method: 'POST', url: `/api/auth/verify-email${query}` });
}

async function userByPec(pec: string) {
  const [row] = await ctx.db.select().from(users).where(eq(users.pec, pec));
  if (!row) throw new Error(`no user ${pec}`);
  return row;
}

/** Registers and returns the PEC and the token of the verify link that was mailed. */
async function registerAndReadToken(overrides: Record<string, unknown> = {}) {
  const payload = registration(overrides);
  expect((await register(payload)).statusCode).toBe(201);
  const mail = await latestMail(ctx.db, String(payload.pec), VERIFY_SUBJECT);
  return { pec: String(payload.pec), token: tokenFromLink(mail?.text ?? '', '/verify-email') };
}

describe('POST /api/auth/register', () => {
  it('creates a pending, unverified lawyer and answers with the public record', async () => {
    const payload = registration({ pec: '  Marta.Galli@PEC.Test.it ', newsletter: true });

    const response = await register(payload);

    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      name: 'Marta',
      surname: 'Galli',
      pec: 'marta.galli@pec.test.it',
      role: 'user',
      status: 'in attesa',
      email_verified: false,
      newsletter: true,
    });
    expect(response.body).not.toMatch(/argon2|password/i);
    const row = await userByPec('marta.galli@pec.test.it');
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('records each consent with the version of its text, in the same step', async () => {
    const payload = registration({ newsletter: false });
    await register(payload);
    const user = await userByPec(String(payload.pec));

    const rows = await ctx.db
      .select()
      .from(consents)
      .where(eq(consents.userId, user.id))
      .orderBy(asc(consents.kind));

    expect(rows.map(({ kind, granted, textVersion }) => ({ kind, granted, textVersion }))).toEqual([
      { kind: 'newsletter', granted: false, textVersion: CONSENT_TEXT_VERSIONS.newsletter },
      { kind: 'privacy', granted: true, textVersion: CONSENT_TEXT_VERSIONS.privacy },
      { kind: 'specific_terms', granted: true, textVersion: CONSENT_TEXT_VERSIONS.specific_terms },
      { kind: 'terms', granted: true, textVersion: CONSENT_TEXT_VERSIONS.terms },
    ]);
    expect(rows.every((row) => row.createdAt instanceof Date)).toBe(true);
  });

  it('queues the verify mail with a link whose token is stored only as a hash', async () => {
    const { pec, token } = await registerAndReadToken({ name: 'Ugo', surname: 'Neri' });
    const [mail] = await mailsTo(ctx.db, pec);

    expect(mail).toMatchObject({ subject: VERIFY_SUBJECT, status: 'pending', attempts: 0 });
    expect(mail?.text).toContain('Gentile Ugo Neri,');
    expect(mail?.text).toContain(`https://lexpath.test/verify-email?token=${token}`);
    expect(mail?.html).toContain(`href="https://lexpath.test/verify-email?token=${token}"`);
    const user = await userByPec(pec);
    const tokens = await ctx.db.select().from(actionTokens).where(eq(actionTokens.userId, user.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({
      kind: 'verify-email',
      tokenHash: hashToken(token),
      usedAt: null,
    });
    expect(JSON.stringify(tokens)).not.toContain(token);
  });

  it('ignores role, status and email_verified in the body: no mass assignment', async () => {
    const payload = registration({
      role: 'admin',
      status: 'confermato',
      email_verified: true,
      emailVerified: true,
      id: '00000000-0000-4000-8000-000000000000',
    });

    const response = await register(payload);

    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      role: 'user',
      status: 'in attesa',
      email_verified: false,
    });
    expect(response.json().data.id).not.toBe('00000000-0000-4000-8000-000000000000');
    expect(await userByPec(String(payload.pec))).toMatchObject({
      role: 'user',
      status: 'in attesa',
      emailVerified: false,
    });
  });

  it('refuses a PEC already registered in another letter case with a 409', async () => {
    const pec = uniquePec();
    expect((await register(registration({ pec }))).statusCode).toBe(201);

    const again = await register(registration({ pec: pec.toUpperCase(), name: 'Altro' }));

    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Esiste già un account registrato con questa PEC.',
    });
    expect(await ctx.db.select().from(users).where(eq(users.pec, pec))).toHaveLength(1);
    // Nothing of the refused attempt is left: one verify mail, the first one.
    expect(await mailsTo(ctx.db, pec)).toHaveLength(1);
  });

  describe('validation (SPEC §5 messages)', () => {
    it.each([
      ['name', { name: '' }, 'Campo obbligatorio.'],
      ['name (blank)', { name: '   ' }, 'Campo obbligatorio.'],
      ['surname', { surname: undefined }, 'Campo obbligatorio.'],
      ['pec (missing)', { pec: undefined }, 'Campo obbligatorio.'],
      ['pec (not an address)', { pec: 'avvocato-at-pec.it' }, 'Indirizzo PEC non valido.'],
      ['password (missing)', { password: '' }, 'Campo obbligatorio.'],
    ])('%s', async (_, overrides, message) => {
      const response = await register(registration(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
    });

    it.each([
      ['shorter than 8', 'Ab1!xyz'],
      ['without an uppercase letter', 'segreta#2026'],
      ['without a digit', 'Segreta#abcd'],
      ['without a symbol of @#$%^&+=!', 'Segreta2026'],
    ])('refuses a weak password: %s', async (_, password) => {
      const response = await register(registration({ password }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'La password non rispetta i requisiti minimi di sicurezza.',
      );
    });

    it.each(['terms_acceptance', 'terms_art_9_10', 'privacy'])(
      'requires %s to be ticked (false or missing)',
      async (checkbox) => {
        for (const value of [false, undefined]) {
          const response = await register(registration({ [checkbox]: value }));
          expect(response.statusCode).toBe(400);
          expect(response.json().message).toBe('Conferma questo campo per poter procedere.');
        }
      },
    );

    it('accepts a missing newsletter as "no"', async () => {
      const payload = registration({ newsletter: undefined });
      const response = await register(payload);
      expect(response.statusCode).toBe(201);
      expect(response.json().data.newsletter).toBe(false);
    });

    it('lists every problem of an empty form', async () => {
      const response = await register({});
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual([
        'Campo obbligatorio.',
        'Conferma questo campo per poter procedere.',
      ]);
    });

    it('creates nothing for an invalid registration', async () => {
      const pec = uniquePec();
      await register(registration({ pec, privacy: false }));
      expect(await ctx.db.select().from(users).where(eq(users.pec, pec))).toEqual([]);
      expect(await mailsTo(ctx.db, pec)).toEqual([]);
    });
  });

  it('limits registrations per address with a 429 in Italian', async () => {
    const limited = await buildApp({
      config: ctx.config,
      db: ctx.db,
      rateLimits: { register: { max: 2, timeWindowMs: 60_000 } },
    });
    try {
      const attempt = () =>
        limited.inject({ method: 'POST', url: '/api/auth/register', payload: registration() });
      expect((await attempt()).statusCode).toBe(201);
      expect((await attempt()).statusCode).toBe(201);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: text.errors.tooManyRequests,
      });
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/auth/verify-email', () => {
  it('confirms the PEC once; the same link then says it was already used', async () => {
    const { pec, token } = await registerAndReadToken();

    const response = await verify(token);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
    expect(await userByPec(pec)).toMatchObject({ emailVerified: true, status: 'in attesa' });

    const again = await verify(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(text.account.verifyEmailUsed);
  });

  it('refuses an expired link and leaves the PEC unverified', async () => {
    const { pec, token } = await registerAndReadToken();
    await ctx.db
      .update(actionTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(actionTokens.tokenHash, hashToken(token)));

    const response = await verify(token);

    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(text.account.verifyEmailExpired);
    expect((await userByPec(pec)).emailVerified).toBe(false);
  });

  it('keeps the link valid for 7 days', async () => {
    const { token } = await registerAndReadToken();
    const [row] = await ctx.db
      .select({
        days: sql<number>`round(extract(epoch from (${actionTokens.expiresAt} - ${actionTokens.createdAt})) / 86400)::int`,
      })
      .from(actionTokens)
      .where(eq(actionTokens.tokenHash, hashToken(token)));
    expect(row?.days).toBe(7);
  });

  it.each([
    ['garbage', 'non-un-token'],
    ['empty', ''],
    ['missing', undefined],
  ])('refuses a %s token with a clear message', async (_, token) => {
    const response = await verify(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: text.account.verifyEmailInvalid,
    });
  });

  it('does not accept a password-reset token as a verify token', async () => {
    const user = await ctx.buildUser({ emailVerified: false, status: 'in attesa' });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { pec: user.pec },
    });
    const mail = await latestMail(ctx.db, user.pec, 'Reimposta la password di LexPath');
    const resetToken = tokenFromLink(mail?.text ?? '', '/reset-password');

    const response = await verify(resetToken);

    expect(response.statusCode).toBe(400);
    expect((await userByPec(user.pec)).emailVerified).toBe(false);
  });
});

describe('a lawyer whose verify link expired', () => {
  function login(pec: string, password: string) {
    return ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { pec, password } });
  }

  async function verifyMailsTo(pec: string) {
    return ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, pec), eq(outbox.subject, VERIFY_SUBJECT)));
  }

  it('gets a new link when signing in with the right password, at most once an hour', async () => {
    const { pec } = await registerAndReadToken();
    const user = await userByPec(pec);
    // The first link went out two hours ago and has since expired.
    await ctx.db
      .update(actionTokens)
      .set({
        createdAt: sql`now() - interval '8 days'`,
        expiresAt: sql`now() - interval '1 day'`,
      })
      .where(eq(actionTokens.userId, user.id));

    const refused = await login(pec, PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Verifica la tua E-Mail per poter accedere.');
    expect(await verifyMailsTo(pec)).toHaveLength(2);

    // A second attempt right away sends nothing more; a wrong password never sends.
    expect((await login(pec, PASSWORD)).statusCode).toBe(403);
    expect((await login(pec, 'Sbagliata#2026')).statusCode).toBe(401);
    expect(await verifyMailsTo(pec)).toHaveLength(2);

    const fresh = await latestMail(ctx.db, pec, VERIFY_SUBJECT);
    const response = await verify(tokenFromLink(fresh?.text ?? '', '/verify-email'));
    expect(response.statusCode).toBe(200);
  });
});
