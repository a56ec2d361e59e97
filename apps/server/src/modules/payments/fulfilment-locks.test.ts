import { ROLES } from '@lexpath/shared';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, invoices, payments } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import {
  createPublishedTemplate,
  ensureBillingProfile,
  SAMPLE_TOTAL,
  startCompletedContract,
} from '../contracts/test-contracts.ts';

let ctx: TestContext;
let buyer: TestUser;
let otherLawyer: TestUser;
let templateId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [buyer, otherLawyer] = await Promise.all([
    ctx.buildUser({ role: ROLES.user }),
    ctx.buildUser({ role: ROLES.user }),
  ]);
  templateId = (await createPublishedTemplate(ctx, 'lock-fulfilment')).template.id;
  await ensureBillingProfile(ctx, buyer);
});

afterAll(async () => {
  await ctx.close();
});

/** A completed contract of `as` with its paid local session, ready for POST /api/payment. */
async function readyToPay(as: TestUser): Promise<{ contractId: string; sessionId: string }> {
  const contractId = await startCompletedContract(ctx, as, templateId);
  const checkout = await ctx.injectAs(as)({
    method: 'POST',
    url: '/api/payment/local-checkout',
    payload: { contractId },
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  return { contractId, sessionId: checkout.json().data.session_id };
}

function register(
  as: TestUser,
  { contractId, sessionId }: { contractId: string; sessionId: string },
) {
  return ctx.injectAs(as)({
    method: 'POST',
    url: '/api/payment',
    payload: { transactionId: sessionId, price: SAMPLE_TOTAL, contractId },
  });
}

/** Polls `probe` until it is true; throws after `timeoutMs`. */
async function until(probe: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('fulfilment and the locks every purchase shares', () => {
  it('lets other lawyers start and complete contracts of the template while a purchase waits for its invoice number', async () => {
    const purchase = await readyToPay(buyer);
    // A second connection stands for another issuing transaction (a slow one on any instance)
    // holding the numbering lock.
    const numbering = new pg.Client({ connectionString: ctx.databaseUrl });
    await numbering.connect();
    try {
      await numbering.query('begin');
      await numbering.query("select pg_advisory_xact_lock(hashtext('lexpath:invoice-numbering'))");
      const paying = register(buyer, purchase);
      await until(async () => {
        const { rows } = await numbering.query<{ waiting: number }>(
          "select count(*)::int as waiting from pg_locks l join pg_database d on d.oid = l.database where d.datname = current_database() and l.locktype = 'advisory' and not l.granted",
        );
        return (rows[0]?.waiting ?? 0) > 0;
      }, 'the purchase waits for the numbering lock');

      // The purchase holds nothing a new or completed contract of its template needs (the
      // template's rows of contract_counts): the other lawyer's requests end while it still
      // waits, instead of queueing behind it on a row lock (seen in pg_stat_activity).
      let finished = false;
      const started = startCompletedContract(ctx, otherLawyer, templateId).finally(() => {
        finished = true;
      });
      let blockedOnRow = false;
      await until(
        async () => {
          if (finished) return true;
          // Not on `numbering`: inside its transaction pg_stat_activity keeps its first reading.
          const { rows } = await ctx.pool.query<{ blocked: number }>(
            `select count(*)::int as blocked from pg_stat_activity
            where datname = current_database()
              and wait_event_type = 'Lock' and wait_event in ('transactionid', 'tuple')`,
          );
          blockedOnRow = (rows[0]?.blocked ?? 0) > 0;
          return blockedOnRow;
        },
        'the other lawyer has completed a contract or waits on a row lock',
        30_000,
      );
      expect(blockedOnRow, 'the other lawyer waited on a row lock the purchase holds').toBe(false);
      const otherId = await started;
      const [other] = await ctx.db.select().from(contracts).where(eq(contracts.id, otherId));
      expect(other?.status).toBe('COMPLETED');

      await numbering.query('commit');
      const response = await paying;
      expect(response.statusCode, response.body).toBe(200);
      const [invoice] = await ctx.db
        .select({ number: invoices.number, paymentId: invoices.paymentId })
        .from(invoices)
        .where(eq(invoices.contractId, purchase.contractId));
      expect(invoice?.paymentId).toBe(response.json().data.id);
    } finally {
      await numbering.query('rollback').catch(() => undefined);
      await numbering.end();
    }
  });

  it('completes twelve purchases at once on a pool of four, with twelve consecutive invoice numbers', async () => {
    expect(ctx.pool.options.max).toBe(4);
    const buyers = await Promise.all(
      Array.from({ length: 12 }, () => ctx.buildUser({ role: ROLES.user })),
    );
    for (const one of buyers) await ensureBillingProfile(ctx, one);
    const ready = [];
    for (const one of buyers) ready.push({ as: one, ...(await readyToPay(one)) });

    const answers = await Promise.all(ready.map((purchase) => register(purchase.as, purchase)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);

    const contractIds = ready.map((purchase) => purchase.contractId);
    const paid = await ctx.db
      .select({ id: payments.id })
      .from(payments)
      .where(inArray(payments.contractId, contractIds));
    expect(paid).toHaveLength(12);
    const numbers = (
      await ctx.db
        .select({ number: invoices.number })
        .from(invoices)
        .where(inArray(invoices.contractId, contractIds))
    )
      .map((row) => row.number)
      .sort((a, b) => a - b);
    expect(numbers).toHaveLength(12);
    const first = numbers[0] ?? 0;
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, k) => first + k));
    const all = await ctx.db.select({ number: invoices.number }).from(invoices);
    // Gapless over the whole year, with the earlier test's invoice before them.
    expect(all.map((row) => row.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: all.length }, (_, k) => k + 1),
    );
  });
});
