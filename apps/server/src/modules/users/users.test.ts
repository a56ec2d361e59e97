import { ROLES, it as text, USER_STATUS } from '@lexpath/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, consents, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { CONSENT_TEXT_VERSIONS } from '../consents/consents.service.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

describe('GET /api/user/:id', () => {
  it('returns your own record, never the password hash', async () => {
    const user = await ctx.buildUser({ name: 'Paolo', surname: 'Conti', newsletter: true });

    const response = await ctx.injectAs(user)({ method: 'GET', url: `/api/user/${user.id}` });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        id: user.id,
        name: 'Paolo',
        surname: 'Conti',
        pec: user.pec,
        email: user.pec,
        role: 'user',
        status: 'confermato',
        email_verified: true,
        newsletter: true,
        createdAt: user.createdAt.toISOString(),
        lexmind: false,
      },
    });
    expect(response.body).not.toMatch(/argon2|password/i);
  });

  it("answers 404 for another user's record, as if it did not exist", async () => {
    const me = await ctx.buildUser();
    const other = await ctx.buildUser();
    const response = await ctx.injectAs(me)({ method: 'GET', url: `/api/user/${other.id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: text.errors.notFound,
    });
  });

  it('lets an admin read any user', async () => {
    const admin = await ctx.buildUser({ role: ROLES.admin });
    const lawyer = await ctx.buildUser({ status: USER_STATUS.pending, emailVerified: false });
    const response = await ctx.injectAs(admin)({ method: 'GET', url: `/api/user/${lawyer.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: lawyer.id, status: 'in attesa' });
  });

  it('does not let an editor read other users', async () => {
    const editor = await ctx.buildUser({ role: ROLES.editor });
    const lawyer = await ctx.buildUser();
    const response = await ctx.injectAs(editor)({ method: 'GET', url: `/api/user/${lawyer.id}` });
    expect(response.statusCode).toBe(404);
  });

  it('answers 404 for a malformed or unknown id', async () => {
    const admin = await ctx.buildUser({ role: ROLES.admin });
    const malformed = await ctx.injectAs(admin)({ method: 'GET', url: '/api/user/not-a-uuid' });
    expect(malformed.statusCode).toBe(404);
    const unknown = await ctx.injectAs(admin)({
      method: 'GET',
      url: '/api/user/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    const user = await ctx.buildUser();
    const response = await ctx.app.inject({ method: 'GET', url: `/api/user/${user.id}` });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(text.auth.unauthenticated);
  });

  it('shuts out a user suspended after the token was issued, at once', async () => {
    const user = await ctx.buildUser();
    const asUser = ctx.injectAs(user);
    expect((await asUser({ method: 'GET', url: `/api/user/${user.id}` })).statusCode).toBe(200);

    await ctx.db.update(users).set({ status: USER_STATUS.suspended }).where(eq(users.id, user.id));

    const response = await asUser({ method: 'GET', url: `/api/user/${user.id}` });
    expect(response.statusCode).toBe(401);
  });

  it('serves the same route with a trailing slash', async () => {
    const user = await ctx.buildUser();
    const response = await ctx.injectAs(user)({ method: 'GET', url: `/api/user/${user.id}/` });
    expect(response.statusCode).toBe(200);
  });
});

describe('PUT /api/user/:id', () => {
  function update(as: Pick<TestUser, 'id' | 'role'>, id: string, payload: Record<string, unknown>) {
    return ctx.injectAs(as)({ method: 'PUT', url: `/api/user/${id}`, payload });
  }

  function newsletterConsents(userId: string) {
    return ctx.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, userId), eq(consents.kind, 'newsletter')))
      .orderBy(asc(consents.createdAt));
  }

  it('lets a lawyer edit their name and surname; other fields are ignored', async () => {
    const user = await ctx.buildUser({ name: 'Paolo', surname: 'Conti' });

    const response = await update(user, user.id, {
      name: ' Paola ',
      surname: 'Conte',
      role: 'admin',
      status: 'sospeso',
      email_verified: false,
      pec: 'altra@pec.test.it',
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: user.id,
      name: 'Paola',
      surname: 'Conte',
      pec: user.pec,
      role: 'user',
      status: 'confermato',
      email_verified: true,
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'Paola', surname: 'Conte', role: 'user', pec: user.pec });
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, user.id))).toEqual([]);
  });

  it('appends a consent row on each newsletter change, none when it stays the same', async () => {
    const user = await ctx.buildUser({ newsletter: false });

    const granted = await update(user, user.id, { newsletter: true });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().data.newsletter).toBe(true);
    await update(user, user.id, { newsletter: true, name: 'Stesso consenso' });
    await update(user, user.id, { newsletter: false });

    const rows = await newsletterConsents(user.id);
    expect(rows.map(({ granted, textVersion }) => ({ granted, textVersion }))).toEqual([
      { granted: true, textVersion: CONSENT_TEXT_VERSIONS.newsletter },
      { granted: false, textVersion: CONSENT_TEXT_VERSIONS.newsletter },
    ]);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.newsletter).toBe(false);
  });

  it("answers 404 to a lawyer or an editor editing someone else's profile", async () => {
    const me = await ctx.buildUser();
    const editor = await ctx.buildUser({ role: ROLES.editor });
    const other = await ctx.buildUser({ name: 'Intoccabile' });

    for (const caller of [me, editor]) {
      const response = await update(caller, other.id, { name: 'Cambiato', newsletter: true });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(text.errors.notFound);
    }
    const [row] = await ctx.db.select().from(users).where(eq(users.id, other.id));
    expect(row).toMatchObject({ name: 'Intoccabile', newsletter: false });
    expect(await newsletterConsents(other.id)).toEqual([]);
  });

  it("lets an admin edit anyone's profile, audited with what changed", async () => {
    const admin = await ctx.buildUser({ role: ROLES.admin });
    const lawyer = await ctx.buildUser({ name: 'Gino', newsletter: true });

    const response = await update(admin, lawyer.id, { name: 'Luigi', newsletter: false });

    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ name: 'Luigi', newsletter: false });
    expect((await newsletterConsents(lawyer.id)).map((row) => row.granted)).toEqual([false]);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, lawyer.id));
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'user.updated',
        details: { name: { from: 'Gino', to: 'Luigi' }, newsletter: { from: true, to: false } },
      }),
    ]);
  });

  it('refuses a blank name with "Campo obbligatorio."', async () => {
    const user = await ctx.buildUser();
    const response = await update(user, user.id, { name: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Campo obbligatorio.');
  });

  it('answers 404 for a cancelled account, even to an admin', async () => {
    const admin = await ctx.buildUser({ role: ROLES.admin });
    const gone = await ctx.buildUser({ status: USER_STATUS.cancelled });
    expect((await update(admin, gone.id, { name: 'X' })).statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    const user = await ctx.buildUser();
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${user.id}`,
      payload: { name: 'X' },
    });
    expect(response.statusCode).toBe(401);
  });
});
