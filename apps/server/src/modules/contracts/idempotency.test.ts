/**
 * `Idempotency-Key` on PUT /api/contract/: a retry after a lost answer gets the first contract
 * instead of a second one (the key is stored in the creation's own transaction).
 */
import { randomUUID } from 'node:crypto';
import { it as text } from '@lexpath/shared';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, idempotencyKeys } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { createPublishedTemplate } from './test-contracts.ts';

let ctx: TestContext;
let editor: TestUser;
let templateId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const created = await createPublishedTemplate(ctx, 'idempotenza');
  templateId = created.template.id;
  editor = created.editor;
});

afterAll(async () => {
  await ctx.close();
});

function start(as: TestUser, key: string | undefined, payload: object = { type: templateId }) {
  return ctx.injectAs(as)({
    method: 'PUT',
    url: '/api/contract/',
    headers: key === undefined ? {} : { 'idempotency-key': key },
    payload,
  });
}

async function contractsOf(user: TestUser): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(contracts)
    .where(eq(contracts.userId, user.id));
  return row?.n ?? 0;
}

describe('PUT /api/contract/ with an Idempotency-Key', () => {
  it('answers a retry with the same key with the first contract, and the database holds one', async () => {
    const lawyer = await ctx.buildUser();
    const key = randomUUID();
    const first = await start(lawyer, key);
    const retry = await start(lawyer, key);

    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await contractsOf(lawyer)).toBe(1);
    // Another attempt (a new key) is another document.
    const next = await start(lawyer, randomUUID());
    expect(next.json().data.id).not.toBe(first.json().data.id);
    expect(await contractsOf(lawyer)).toBe(2);
  });

  it('creates one contract for ten concurrent requests with the same key', async () => {
    const lawyer = await ctx.buildUser();
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 10 }, () => start(lawyer, key)));
    const ids = new Set(
      responses.map((response) => {
        expect(response.statusCode, response.body).toBe(200);
        return response.json().data.id;
      }),
    );
    expect(ids.size).toBe(1);
    expect(await contractsOf(lawyer)).toBe(1);
  });

  it('refuses the same key with another body (422, in Italian), creating nothing', async () => {
    const lawyer = await ctx.buildUser();
    const key = randomUUID();
    expect((await start(lawyer, key)).statusCode).toBe(200);
    const other = (await createPublishedTemplate(ctx, 'altro')).template.id;
    const reused = await start(lawyer, key, { type: other });
    expect(reused.statusCode, reused.body).toBe(422);
    expect(reused.json().message).toBe(text.errors.idempotencyKeyReused);
    expect(await contractsOf(lawyer)).toBe(1);
  });

  it("keeps keys per user: another user's same key starts their own contract", async () => {
    const [first, second] = await Promise.all([ctx.buildUser(), ctx.buildUser()]);
    const key = randomUUID();
    const mine = await start(first, key);
    const theirs = await start(second, key);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
    expect(await contractsOf(second)).toBe(1);
  });

  it('forgets a key after 24 hours: a retry then starts anew, and expired keys are deleted', async () => {
    const lawyer = await ctx.buildUser();
    const stale = await ctx.buildUser();
    const key = randomUUID();
    const first = await start(lawyer, key);
    await start(stale, randomUUID());
    await ctx.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(sql`${idempotencyKeys.userId} in (${lawyer.id}, ${stale.id})`);

    const later = await start(lawyer, key);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().data.id).not.toBe(first.json().data.id);
    const left = await ctx.db
      .select({ userId: idempotencyKeys.userId })
      .from(idempotencyKeys)
      .where(sql`${idempotencyKeys.createdAt} < now() - interval '24 hours'`);
    expect(left).toEqual([]);
    // The retry's own key replaced the expired one.
    const kept = await ctx.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, lawyer.id));
    expect(kept).toEqual([{ key }]);
  });

  it('stores nothing when the creation fails: the retry with the key runs again', async () => {
    const lawyer = await ctx.buildUser();
    const key = randomUUID();
    const setStatus = (status: string) =>
      ctx.injectAs(editor)({
        method: 'PUT',
        url: `/api/template/${templateId}/status`,
        payload: { status },
      });
    await setStatus('SUSPENDED');
    const refused = await start(lawyer, key);
    await setStatus('PUBLISHED');
    expect(refused.statusCode).toBe(404);
    const retried = await start(lawyer, key);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await contractsOf(lawyer)).toBe(1);
  });

  it('refuses a malformed key (400, in Italian)', async () => {
    const lawyer = await ctx.buildUser();
    for (const key of ['', 'con spazi', 'x'.repeat(256)]) {
      const response = await start(lawyer, key);
      expect(response.statusCode, JSON.stringify(key)).toBe(400);
      expect(response.json().message).toBe(text.errors.idempotencyKeyInvalid);
    }
    expect(await contractsOf(lawyer)).toBe(0);
  });
});
