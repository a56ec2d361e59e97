import {
  ROLES,
  type TUserStatus,
  it as text,
  USER_STATUS,
  USER_STATUS_VALUES,
} from '@lexpath/shared';
import { USER_STATUS_TRANSITIONS } from '@lexpath/shared/schemas/user-admin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, refreshTokens, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { mailsTo } from '../../test/outbox.ts';

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { APP_URL: 'https://lexpath.test', SUPPORT_EMAIL: 'assistenza@pec.test.it' },
  });
  admin = await ctx.buildUser({ role: ROLES.admin, name: 'Ada', surname: 'Admin' });
});

afterAll(async () => {
  await ctx.close();
});

function changeStatus(userId: string, status: string, as: Pick<TestUser, 'id' | 'role'> = admin) {
  return ctx.injectAs(as)({
    method: 'POST',
    url: '/api/auth/change-user-status',
    payload: { userId, status },
  });
}

async function statusOf(id: string) {
  const [row] = await ctx.db.select({ status: users.status }).from(users).where(eq(users.id, id));
  return row?.status;
}

function auditRowsFor(id: string) {
  return ctx.db.select().from(auditLog).where(eq(auditLog.targetId, id));
}

function login(user: TestUser) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { pec: user.pec, password: user.password },
  });
}

describe('POST /api/auth/change-user-status: the transitions of SPEC §4', () => {
  it("accepts a pending lawyer: 'confermato', the access mail, an audit row", async () => {
    const lawyer = await ctx.buildUser({ status: USER_STATUS.pending, name: 'Rita' });

    const response = await changeStatus(lawyer.id, 'confermato');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: lawyer.id, status: 'confermato' } });
    expect(await statusOf(lawyer.id)).toBe('confermato');
    const [mail] = await mailsTo(ctx.db, lawyer.pec);
    expect(mail?.subject).toBe('Il tuo account LexPath è attivo');
    expect(mail?.text).toContain('Gentile Rita Rossi,');
    expect(mail?.text).toContain('https://lexpath.test/login');
    const [audit] = await auditRowsFor(lawyer.id);
    expect(audit).toMatchObject({
      actorId: admin.id,
      action: 'user.status-changed',
      targetType: 'user',
      targetId: lawyer.id,
      details: { from: 'in attesa', to: 'confermato' },
    });
    expect(audit?.createdAt).toBeInstanceOf(Date);
    expect((await login(lawyer)).statusCode).toBe(200);
  });

  it("refuses a pending lawyer: 'rifiutato', the refusal mail with the support address", async () => {
    const lawyer = await ctx.buildUser({ status: USER_STATUS.pending });

    const response = await changeStatus(lawyer.id, 'rifiutato');

    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ id: lawyer.id, status: 'rifiutato' });
    const [mail] = await mailsTo(ctx.db, lawyer.pec);
    expect(mail?.subject).toBe('Esito della registrazione a LexPath');
    expect(mail?.text).toContain('assistenza@pec.test.it');
    expect((await auditRowsFor(lawyer.id))[0]?.details).toEqual({
      from: 'in attesa',
      to: 'rifiutato',
    });
    expect((await login(lawyer)).json().message).toBe(text.auth.accountRefused);
  });

  it('suspends a confirmed user: every session ends and the JWT is refused at once', async () => {
    const lawyer = await ctx.buildUser();
    const signedIn = await login(lawyer);
    const accessToken = String(signedIn.headers.authorization);
    const refreshToken = String(signedIn.headers.refresh);
    const me = () =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/user/${lawyer.id}`,
        headers: { authorization: accessToken },
      });
    expect((await me()).statusCode).toBe(200);

    const response = await changeStatus(lawyer.id, 'sospeso');

    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ id: lawyer.id, status: 'sospeso' });
    expect((await me()).statusCode).toBe(401);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-tokens',
      headers: { refresh: refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    const tokens = await ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, lawyer.id));
    expect(tokens.every((row) => row.revokedAt !== null)).toBe(true);
    expect((await login(lawyer)).json().message).toContain('sospeso');
    expect(await mailsTo(ctx.db, lawyer.pec)).toEqual([]);
    expect((await auditRowsFor(lawyer.id))[0]?.details).toEqual({
      from: 'confermato',
      to: 'sospeso',
    });
  });

  it("reactivates a suspended user: 'confermato' again, sign-in works, no mail", async () => {
    const lawyer = await ctx.buildUser({ status: USER_STATUS.suspended });

    const response = await changeStatus(lawyer.id, 'confermato');

    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ id: lawyer.id, status: 'confermato' });
    expect((await login(lawyer)).statusCode).toBe(200);
    expect(await mailsTo(ctx.db, lawyer.pec)).toEqual([]);
    expect((await auditRowsFor(lawyer.id))[0]?.details).toEqual({
      from: 'sospeso',
      to: 'confermato',
    });
  });

  const refused = USER_STATUS_VALUES.flatMap((from) =>
    USER_STATUS_VALUES.filter((to) => !USER_STATUS_TRANSITIONS[from].includes(to)).map(
      (to) => [from, to] as [TUserStatus, TUserStatus],
    ),
  );

  it('allows exactly four transitions', () => {
    expect(USER_STATUS_VALUES.length ** 2 - refused.length).toBe(4);
  });

  it.each(refused)("refuses '%s' → '%s' with a 409 and changes nothing", async (from, to) => {
    const lawyer = await ctx.buildUser({ status: from });

    const response = await changeStatus(lawyer.id, to);

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: `Non è possibile passare dallo stato «${from}» allo stato «${to}».`,
    });
    expect(await statusOf(lawyer.id)).toBe(from);
    expect(await auditRowsFor(lawyer.id)).toEqual([]);
    expect(await mailsTo(ctx.db, lawyer.pec)).toEqual([]);
  });

  it('does not approve a lawyer whose PEC is not verified yet', async () => {
    const lawyer = await ctx.buildUser({ status: USER_STATUS.pending, emailVerified: false });
    const response = await changeStatus(lawyer.id, 'confermato');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(text.account.statusPecNotVerified);
    expect(await statusOf(lawyer.id)).toBe('in attesa');
  });

  it('does not let an admin change their own status', async () => {
    const response = await changeStatus(admin.id, 'sospeso');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(text.account.statusOwnAccount);
    expect(await statusOf(admin.id)).toBe('confermato');
  });

  it('answers 404 for an unknown or malformed user id', async () => {
    expect((await changeStatus('00000000-0000-4000-8000-000000000000', 'sospeso')).statusCode).toBe(
      404,
    );
    expect((await changeStatus('nope', 'sospeso')).statusCode).toBe(404);
  });

  it('answers 400 for a status that does not exist', async () => {
    const lawyer = await ctx.buildUser();
    const response = await changeStatus(lawyer.id, 'bannato');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Campo non valido');
  });

  it('is for admins only: 403 for editors and lawyers, 401 without a token', async () => {
    const lawyer = await ctx.buildUser({ status: USER_STATUS.pending });
    const editor = await ctx.buildUser({ role: ROLES.editor });
    const user = await ctx.buildUser();

    expect((await changeStatus(lawyer.id, 'confermato', editor)).statusCode).toBe(403);
    expect((await changeStatus(lawyer.id, 'confermato', user)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-user-status',
      payload: { userId: lawyer.id, status: 'confermato' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await statusOf(lawyer.id)).toBe('in attesa');
    expect(await auditRowsFor(lawyer.id)).toEqual([]);
  });
});

describe('POST /api/user: an admin creates an editor', () => {
  function createEditor(
    payload: Record<string, unknown>,
    as: Pick<TestUser, 'id' | 'role'> = admin,
  ) {
    return ctx.injectAs(as)({ method: 'POST', url: '/api/user', payload });
  }

  const editorForm = {
    name: 'Enrico',
    surname: 'Editore',
    pec: 'Enrico.Editore@PEC.test.it',
    password: 'Editore#2026',
  };

  it('always makes a confirmed editor with a verified PEC, whatever the body says', async () => {
    const response = await createEditor({
      ...editorForm,
      role: 'admin',
      status: 'sospeso',
      email_verified: false,
    });

    expect(response.statusCode).toBe(201);
    const created = response.json().data;
    expect(created).toMatchObject({
      name: 'Enrico',
      surname: 'Editore',
      pec: 'enrico.editore@pec.test.it',
      role: 'editor',
      status: 'confermato',
      email_verified: true,
    });
    expect(response.body).not.toMatch(/argon2|password/i);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({ role: 'editor', status: 'confermato', emailVerified: true });
    expect(await auditRowsFor(created.id)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'user.editor-created',
        details: { role: 'editor', pec: 'enrico.editore@pec.test.it' },
      }),
    ]);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { pec: editorForm.pec, password: editorForm.password },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.role).toBe('editor');
  });

  it('refuses a PEC that is already registered, in any letter case', async () => {
    const existing = await ctx.buildUser();
    const response = await createEditor({ ...editorForm, pec: existing.pec.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Esiste già un account registrato con questa PEC.');
  });

  it('validates the form with the SPEC §5 messages', async () => {
    const weak = await createEditor({
      ...editorForm,
      pec: 'debole@pec.test.it',
      password: 'debole',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('La password non rispetta i requisiti minimi di sicurezza.');
    const badPec = await createEditor({ ...editorForm, pec: 'non-una-pec' });
    expect(badPec.json().message).toBe('Indirizzo PEC non valido.');
    const empty = await createEditor({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Campo obbligatorio.');
  });

  it('is for admins only', async () => {
    const editor = await ctx.buildUser({ role: ROLES.editor });
    const lawyer = await ctx.buildUser();
    const form = { ...editorForm, pec: 'vietato@pec.test.it' };
    expect((await createEditor(form, editor)).statusCode).toBe(403);
    expect((await createEditor(form, lawyer)).statusCode).toBe(403);
    expect(await ctx.db.select().from(users).where(eq(users.pec, 'vietato@pec.test.it'))).toEqual(
      [],
    );
  });
});
