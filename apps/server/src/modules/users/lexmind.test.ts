/**
 * LEXMIND_USERS (SPEC §2): the PECs that choose the generation mode. The flag is derived from
 * the configuration on every answer, never stored.
 */
import { ROLES } from '@lexpath/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';

const LEXMIND_PEC = 'mente.legale@pec.test.it';

let ctx: TestContext;
let lexmindUser: TestUser;
let ordinaryUser: TestUser;

beforeAll(async () => {
  // Mixed case and spaces, as an operator may type them.
  ctx = await createTestContext({
    env: { LEXMIND_USERS: ` Mente.Legale@PEC.test.it , altro@pec.test.it` },
  });
  [lexmindUser, ordinaryUser] = await Promise.all([
    ctx.buildUser({ pec: LEXMIND_PEC }),
    ctx.buildUser(),
  ]);
});

afterAll(async () => {
  await ctx.close();
});

function login(user: TestUser) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { pec: user.pec.toUpperCase(), password: user.password },
  });
}

describe('the LexMind flag', () => {
  it('is true on GET /api/user/:id for a listed PEC, whatever its case', async () => {
    const response = await ctx.injectAs(lexmindUser)({
      method: 'GET',
      url: `/api/user/${lexmindUser.id}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ pec: LEXMIND_PEC, lexmind: true });
  });

  it('is false on GET /api/user/:id for a PEC not in the list', async () => {
    const response = await ctx.injectAs(ordinaryUser)({
      method: 'GET',
      url: `/api/user/${ordinaryUser.id}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.lexmind).toBe(false);
  });

  it("describes the record's owner when an admin reads it", async () => {
    const admin = await ctx.buildUser({ role: ROLES.admin });
    const asAdmin = ctx.injectAs(admin);
    const listed = await asAdmin({ method: 'GET', url: `/api/user/${lexmindUser.id}` });
    const unlisted = await asAdmin({ method: 'GET', url: `/api/user/${ordinaryUser.id}` });
    expect(listed.json().data.lexmind).toBe(true);
    expect(unlisted.json().data.lexmind).toBe(false);
  });

  it('comes with the session user of login and refresh, which the web keeps', async () => {
    const signedIn = await login(lexmindUser);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data).toMatchObject({ id: lexmindUser.id, lexmind: true });

    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-tokens',
      headers: { refresh: String(signedIn.headers.refresh) },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().data.lexmind).toBe(true);

    const ordinary = await login(ordinaryUser);
    expect(ordinary.json().data).toMatchObject({ id: ordinaryUser.id, lexmind: false });
  });

  it('is false for everyone without LEXMIND_USERS', async () => {
    const plain = await createTestContext();
    try {
      const user = await plain.buildUser({ pec: LEXMIND_PEC });
      const response = await plain.injectAs(user)({ method: 'GET', url: `/api/user/${user.id}` });
      expect(response.json().data.lexmind).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
