import { ROLES } from '@lexpath/shared';
import { ZContractCard } from '@lexpath/shared/schemas/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import {
  createPublishedTemplate,
  FINISHED_ANSWERS,
  payContract,
  SAMPLE_TOTAL,
  startCompletedContract,
  startContract,
} from './test-contracts.ts';

/*
 * Issue 13: the list is cut from the contract row alone (its copies of the names and of the
 * payment date) and counted there. What a user sees must not change: every filter's count
 * (totalPages), and every sort following renames and payments as they happen.
 */

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.buildUser({ role: ROLES.admin });
});

afterAll(async () => {
  await ctx.close();
});

type Card = { id: string; userId: { name: string; surname: string }; title: string };

async function list(as: TestUser, query: string): Promise<{ ids: string[]; totalPages: number }> {
  const response = await ctx.injectAs(as)({ method: 'GET', url: `/api/contract?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  const { results, totalPages } = response.json().data;
  return { ids: results.map((card: Card) => card.id), totalPages };
}

describe('totalPages under every filter (one document a page)', () => {
  it("counts exactly the documents each filter keeps, the admin's and a lawyer's", async () => {
    const first = await createPublishedTemplate(ctx, 'conteggio primo');
    const second = await createPublishedTemplate(ctx, 'conteggio secondo');
    const amelia = await ctx.buildUser({ name: 'Amelia', surname: 'Contarini' });
    const bruno = await ctx.buildUser({ name: 'Bruno', surname: 'Contarini' });
    // Amelia: 2 completed of the first (one paid), 1 draft of the second; Bruno: 1 completed
    // of the second.
    const paid = await startCompletedContract(ctx, amelia, first.template.id);
    await payContract(ctx, amelia, paid);
    await startCompletedContract(ctx, amelia, first.template.id);
    await startContract(ctx, amelia, second.template.id);
    await startCompletedContract(ctx, bruno, second.template.id);

    // The admin's list leaves drafts out unless asked for them (status=TO_COMPLETE).
    const adminCounts: [string, number][] = [
      ['name=conteggio', 3],
      ['name=conteggio&status=COMPLETED', 3],
      ['name=conteggio&status=TO_COMPLETE', 1],
      ['name=Contarini', 3],
      ['name=Amelia%20Contarini', 2],
      ['name=amelia', 2],
      ['name=conteggio%20secondo', 1],
      ['name=conteggio%20secondo&status=TO_COMPLETE', 1],
      [`name=Contarini&categoryId=${first.categoryId}`, 2],
      [`categoryId=${second.categoryId}`, 1],
      [`categoryId=${second.categoryId}&status=TO_COMPLETE`, 1],
      ['name=Contarini&payed=true', 1],
      ['name=nessuno', 0],
    ];
    for (const [query, expected] of adminCounts) {
      const { ids, totalPages } = await list(admin, `userActive=true&limit=1&${query}`);
      expect(totalPages, query).toBe(Math.max(1, expected));
      expect(ids.length, query).toBe(Math.min(1, expected));
      const all = await list(admin, `userActive=true&limit=1000&${query}`);
      expect(all.ids.length, query).toBe(expected);
    }

    const lawyerCounts: [string, number][] = [
      ['', 3],
      ['status=COMPLETED', 2],
      ['status=COMPLETED&payed=true', 1],
      ['name=conteggio%20primo', 2],
      // A lawyer's own search is by title only: their name matches nothing.
      ['name=Amelia', 0],
      [`categoryId=${second.categoryId}`, 1],
    ];
    for (const [query, expected] of lawyerCounts) {
      const { totalPages } = await list(amelia, `limit=1&${query}`);
      expect(totalPages, query).toBe(Math.max(1, expected));
      expect((await list(amelia, `limit=1000&${query}`)).ids.length, query).toBe(expected);
    }
  });
});

describe('the per-template counts behind the admin pager', () => {
  it('stay equal to the contracts through starts, completions, payments and deletes', async () => {
    const { template } = await createPublishedTemplate(ctx, 'contatori');
    const owner = await ctx.buildUser({ surname: 'Contatore' });
    const draft = await startContract(ctx, owner, template.id);
    const paid = await startCompletedContract(ctx, owner, template.id);
    await payContract(ctx, owner, paid);
    await startCompletedContract(ctx, owner, template.id);
    await ctx.db.delete(contracts).where(eq(contracts.id, draft));

    const { rows: kept } = await ctx.pool.query(
      `select template_id, status, paid, count from contract_counts where count <> 0 order by 1, 2, 3`,
    );
    const { rows: actual } = await ctx.pool.query(
      `select template_id, status, payment_updated_at is not null as paid, count(*)::int as count
         from contracts group by 1, 2, 3 order by 1, 2, 3`,
    );
    expect(kept).toEqual(actual);
    const mine = kept.filter((row: { template_id: string }) => row.template_id === template.id);
    expect(mine).toEqual([
      { template_id: template.id, status: 'COMPLETED', paid: false, count: 1 },
      { template_id: template.id, status: 'COMPLETED', paid: true, count: 1 },
    ]);

    const total = actual.reduce((sum: number, row: { count: number }) => sum + row.count, 0);
    const completed = actual
      .filter((row: { status: string }) => row.status === 'COMPLETED')
      .reduce((sum: number, row: { count: number }) => sum + row.count, 0);
    // By default the admin's list holds the generated documents; the drafts on request.
    expect((await list(admin, 'userActive=true&limit=1')).totalPages).toBe(completed);
    expect((await list(admin, 'userActive=true&limit=1&status=COMPLETED')).totalPages).toBe(
      completed,
    );
    expect((await list(admin, 'userActive=true&limit=1&status=TO_COMPLETE')).totalPages).toBe(
      Math.max(1, total - completed),
    );
    expect((await list(admin, 'userActive=true&limit=1000')).ids.length).toBe(completed);
  });
});

describe('the per-template counts under a statement of many rows', () => {
  it('change once per statement, so a load of thousands of contracts leaves the table its size', async () => {
    const { template } = await createPublishedTemplate(ctx, 'carico massivo');
    const owner = await ctx.buildUser({ surname: 'Massivo' });
    const sizeOfCounts = async () =>
      Number(
        (await ctx.pool.query(`select pg_relation_size('contract_counts') as bytes`)).rows[0].bytes,
      );
    const before = await sizeOfCounts();
    // One statement: 4,000 contracts of one template, then 1,500 of them paid in another.
    await ctx.pool.query(
      `insert into contracts (user_id, template_id, template_version_id, answers, status, price_cents)
       select $1, t.id, t.current_version_id, '{}'::jsonb,
              case when g % 4 = 0 then 'TO_COMPLETE' else 'COMPLETED' end, 1000
         from templates t, generate_series(1, 4000) g where t.id = $2`,
      [owner.id, template.id],
    );
    await ctx.pool.query(
      `insert into payments (contract_id, provider, transaction_id, amount_cents, vat_cents, paid_at)
       select id, 'local', 'massivo_' || id, 1220, 220, now()
         from contracts where template_id = $1 and status = 'COMPLETED' limit 1500`,
      [template.id],
    );
    // Row by row, the three count rows of the template took 5,500 versions (about 40 pages).
    expect((await sizeOfCounts()) - before).toBeLessThanOrEqual(8192);
    const { rows } = await ctx.pool.query(
      `select status, paid, count from contract_counts where template_id = $1 order by 1, 2`,
      [template.id],
    );
    expect(rows).toEqual([
      { status: 'COMPLETED', paid: false, count: 1500 },
      { status: 'COMPLETED', paid: true, count: 1500 },
      { status: 'TO_COMPLETE', paid: false, count: 1000 },
    ]);
    expect(
      (await list(admin, 'userActive=true&limit=1000&payed=true&name=carico%20massivo')).totalPages,
    ).toBe(2);
    // Deleting the payments (not done by the app; by a console session) unpays their contracts.
    await ctx.pool.query(
      `delete from payments where contract_id in (select id from contracts where template_id = $1)`,
      [template.id],
    );
    await ctx.pool.query(
      `delete from contracts where template_id = $1 and status = 'TO_COMPLETE'`,
      [template.id],
    );
    const { rows: after } = await ctx.pool.query(
      `select status, paid, count from contract_counts where template_id = $1 and count <> 0 order by 1, 2`,
      [template.id],
    );
    expect(after).toEqual([{ status: 'COMPLETED', paid: false, count: 3000 }]);
  });
});

describe('sorts that follow the change as it happens', () => {
  it("moves a renamed lawyer's documents in the name and surname orders at once", async () => {
    const { template } = await createPublishedTemplate(ctx, 'rinomina avvocato');
    const zeno = await ctx.buildUser({ name: 'Zeno', surname: 'Zucchi' });
    const anna = await ctx.buildUser({ name: 'Anna', surname: 'Neri' });
    const zenos = await startCompletedContract(ctx, zeno, template.id);
    const annas = await startCompletedContract(ctx, anna, template.id);
    const order = async (sort: string) =>
      (await list(admin, `userActive=true&name=rinomina%20avvocato&sort=${sort}&order=asc`)).ids;
    expect(await order('surname')).toEqual([annas, zenos]);
    expect(await order('name')).toEqual([annas, zenos]);

    const renamed = await ctx.injectAs(admin)({
      method: 'PUT',
      url: `/api/user/${zeno.id}`,
      payload: { name: 'abele', surname: 'Amati' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await order('surname')).toEqual([zenos, annas]);
    expect(await order('name')).toEqual([zenos, annas]);
    const [row] = await ctx.db.select().from(contracts).where(eq(contracts.id, zenos));
    expect([row?.ownerNameKey, row?.ownerSurnameKey]).toEqual(['abele', 'amati']);
  });

  it("moves a renamed template's documents in the type_contract order", async () => {
    const early = await createPublishedTemplate(ctx, 'aaa titolo');
    const late = await createPublishedTemplate(ctx, 'bbb titolo');
    const owner = await ctx.buildUser({ surname: 'Titolare' });
    const earlyId = await startContract(ctx, owner, early.template.id);
    const lateId = await startContract(ctx, owner, late.template.id);
    const order = async () =>
      (await list(owner, 'sort=type_contract&order=asc')).ids.filter((id) =>
        [earlyId, lateId].includes(id),
      );
    expect(await order()).toEqual([earlyId, lateId]);

    const renamed = await ctx.injectAs(early.editor)({
      method: 'PUT',
      url: `/api/template/${early.template.id}`,
      payload: { name: 'Zzz titolo' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await order()).toEqual([lateId, earlyId]);
  });

  it('orders paid documents by when they were paid, the latest first, unpaid last', async () => {
    const { template } = await createPublishedTemplate(ctx, 'data pagamento');
    const owner = await ctx.buildUser({ surname: 'Pagatore' });
    const [paidFirst, paidLater, unpaid] = [
      await startCompletedContract(ctx, owner, template.id),
      await startCompletedContract(ctx, owner, template.id),
      await startCompletedContract(ctx, owner, template.id),
    ];
    await payContract(ctx, owner, paidFirst);
    await payContract(ctx, owner, paidLater);
    const order = async (direction: string) =>
      (
        await list(
          admin,
          `userActive=true&name=data%20pagamento&sort=payment_date&order=${direction}`,
        )
      ).ids;
    expect(await order('desc')).toEqual([paidLater, paidFirst, unpaid]);
    expect(await order('asc')).toEqual([paidFirst, paidLater, unpaid]);
  });
});

/**
 * The statements `request` sends to PostgreSQL that read `contracts`, counted on the app's
 * pool itself (authentication's reads of the session are not the list's).
 */
async function contractStatementsOf(request: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const pool = ctx.pool as unknown as { query: (...args: unknown[]) => unknown };
  const query = pool.query;
  pool.query = (...args: unknown[]) => {
    const [config] = args;
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    if (text.includes('"contracts"')) seen.push(text);
    return query.apply(ctx.pool, args);
  };
  try {
    await request();
  } finally {
    pool.query = query;
  }
  return seen;
}

describe("the lawyer's list under load", () => {
  it('reads a page and its total in one statement, and counts apart only past the end', async () => {
    const { template } = await createPublishedTemplate(ctx, 'una lettura');
    const owner = await ctx.buildUser({ surname: 'Lettore' });
    const paid = await startCompletedContract(ctx, owner, template.id);
    await payContract(ctx, owner, paid);
    const second = await startCompletedContract(ctx, owner, template.id);
    const third = await startContract(ctx, owner, template.id);

    let page: { ids: string[]; totalPages: number } | undefined;
    const statements = await contractStatementsOf(async () => {
      page = await list(owner, 'limit=2');
    });
    expect(page).toEqual({ ids: [third, second], totalPages: 2 });
    expect(statements).toHaveLength(1);

    // Past the end no row carries the total: still the right pager, with one more statement.
    let beyond: { ids: string[]; totalPages: number } | undefined;
    const counted = await contractStatementsOf(async () => {
      beyond = await list(owner, 'limit=2&page=3');
    });
    expect(beyond).toEqual({ ids: [], totalPages: 2 });
    expect(counted).toHaveLength(2);
    expect(await list(owner, 'limit=2&page=2')).toEqual({ ids: [paid], totalPages: 2 });
    // The cards as the schema describes them, answers included (spliced in as stored).
    const response = await ctx.injectAs(owner)({ method: 'GET', url: '/api/contract?limit=3' });
    const cards = ZContractCard.array().parse(response.json().data.results);
    expect(cards.map((card) => [card.id, card.answers, card.answers_count])).toEqual([
      [third, {}, 0],
      [second, FINISHED_ANSWERS, Object.keys(FINISHED_ANSWERS).length],
      [paid, FINISHED_ANSWERS, Object.keys(FINISHED_ANSWERS).length],
    ]);
    expect(cards[2]?.paymentId?.price).toBe(SAMPLE_TOTAL);
    expect(cards[2]?.invoice?.number).toMatch(/\d/);
    const none = await ctx.buildUser({ surname: 'Senzadocumenti' });
    expect(await list(none, '')).toEqual({ ids: [], totalPages: 1 });
  });
});
