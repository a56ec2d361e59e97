import { ROLES, USER_STATUS } from '@lexpath/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';

/*
 * Its own database: the list is compared with everything in it. Seventeen accounts, created
 * one after the other, so "newest first" has a defined order:
 * the admin, 13 verified lawyers (two with newsletter), 2 unverified, 1 cancelled.
 */
let ctx: TestContext;
let admin: TestUser;
const verified: TestUser[] = [];
const unverified: TestUser[] = [];
let cancelled: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.buildUser({ role: ROLES.admin, name: 'Admin' });
  for (let index = 0; index < 13; index += 1) {
    verified.push(
      await ctx.buildUser({ name: `Verificato ${index}`, newsletter: index % 6 === 0 }),
    );
  }
  for (let index = 0; index < 2; index += 1) {
    unverified.push(
      await ctx.buildUser({
        name: `Da verificare ${index}`,
        emailVerified: false,
        status: USER_STATUS.pending,
      }),
    );
  }
  cancelled = await ctx.buildUser({ name: 'Cancellato', status: USER_STATUS.cancelled });
});

afterAll(async () => {
  await ctx.close();
});

function list(query: string, as: Pick<TestUser, 'id' | 'role'> = admin) {
  return ctx.injectAs(as)({ method: 'GET', url: `/api/user/${query}` });
}

type Row = { id: string; name: string; newsletter: boolean; email_verified: boolean };

describe('GET /api/user/', () => {
  it('pages 12 users at a time by default, newest first', async () => {
    const response = await list('');

    expect(response.statusCode).toBe(200);
    const { results, page, totalPages } = response.json().data;
    expect(page).toBe(1);
    // 16 visible accounts (the cancelled one never shows): two pages of 12.
    expect(totalPages).toBe(2);
    expect(results).toHaveLength(12);
    const newestFirst = [admin, ...verified, ...unverified].reverse().map((user) => user.id);
    expect(results.map((row: Row) => row.id)).toEqual(newestFirst.slice(0, 12));

    const second = (await list('?page=2')).json().data;
    expect(second.page).toBe(2);
    expect(second.results.map((row: Row) => row.id)).toEqual(newestFirst.slice(12));
  });

  it('lists only verified PECs with email_verified=true, as the Utenti screen asks', async () => {
    const response = await list('?email_verified=true&limit=1000');
    const { results, totalPages } = response.json().data;
    expect(totalPages).toBe(1);
    expect(results).toHaveLength(14);
    expect(results.every((row: Row) => row.email_verified)).toBe(true);

    const pending = (await list('?email_verified=false')).json().data.results;
    expect(pending.map((row: Row) => row.id).sort()).toEqual(
      unverified.map((user) => user.id).sort(),
    );
  });

  it('never shows cancelled accounts', async () => {
    const { results } = (await list('?limit=1000')).json().data;
    expect(results.map((row: Row) => row.id)).not.toContain(cancelled.id);
  });

  it('shows the current marketing consent of each user and never a password hash', async () => {
    const response = await list('?limit=1000');
    const byId = new Map<string, Row>(
      response.json().data.results.map((row: Row) => [row.id, row]),
    );
    expect(verified.map((user) => byId.get(user.id)?.newsletter)).toEqual(
      verified.map((_, index) => index % 6 === 0),
    );
    expect(response.body).not.toMatch(/argon2|password/i);
  });

  it('honours limit and answers an empty page past the end', async () => {
    const last = (await list('?limit=5&page=4')).json().data;
    expect(last.results).toHaveLength(1);
    expect(last.totalPages).toBe(4);
    const response = await list('?limit=5&page=5');
    expect(response.json().data).toEqual({ results: [], page: 5, totalPages: 4 });
  });

  it.each([
    ['limit above 1000', '?limit=1001'],
    ['page 0', '?page=0'],
    ['a page that is not a number', '?page=uno'],
    ['an email_verified that is not a boolean', '?email_verified=forse'],
  ])('answers 400 for %s', async (_, query) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Campo non valido');
  });

  it('is for admins only: 403 for editors and lawyers', async () => {
    expect((await list('', verified[0] as TestUser)).statusCode).toBe(403);
    const editor = await ctx.buildUser({ role: ROLES.editor });
    expect((await list('', editor)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/user' });
    expect(anonymous.statusCode).toBe(401);
  });
});
