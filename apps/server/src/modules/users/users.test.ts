import { ROLES, it as text, USER_STATUS } from '@lexpath/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

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
