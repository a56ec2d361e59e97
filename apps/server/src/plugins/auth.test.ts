import { ROLES, it as text } from '@lexpath/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { authenticate, currentUser, requireRole } from './auth.ts';

let ctx: TestContext;
let app: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  app = await buildApp({ config: ctx.config, db: ctx.db });
  app.get(
    '/api/test/staff-only',
    { preHandler: [authenticate, requireRole(ROLES.admin, ROLES.editor)] },
    async (request) => ({ data: { role: currentUser(request).role } }),
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

async function callAs(user: { id: string; role: 'user' | 'editor' | 'admin' }) {
  const headers = await ctx.authHeaders(user);
  return app.inject({ method: 'GET', url: '/api/test/staff-only', headers });
}

describe('authenticate + requireRole', () => {
  it('lets the allowed roles through, with the role read from the database', async () => {
    const editor = await ctx.buildUser({ role: ROLES.editor });
    const response = await callAs(editor);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { role: 'editor' } });
  });

  it('answers 403 in Italian to a signed-in user without the role', async () => {
    const lawyer = await ctx.buildUser({ role: ROLES.user });
    const response = await callAs(lawyer);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: text.auth.forbidden,
    });
  });

  it('trusts the database over the token: a token claiming admin for a user gets 403', async () => {
    const lawyer = await ctx.buildUser({ role: ROLES.user });
    const response = await callAs({ id: lawyer.id, role: ROLES.admin });
    expect(response.statusCode).toBe(403);
  });

  it('answers 401 to a malformed Authorization header', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/test/staff-only',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(response.statusCode).toBe(401);
  });
});
