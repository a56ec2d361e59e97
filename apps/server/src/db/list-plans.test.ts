import { ROLES } from '@lexpath/shared';
import { ZContractsQuery } from '@lexpath/shared/schemas/contracts';
import { ZTemplatesQuery } from '@lexpath/shared/schemas/templates';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listContracts } from '../modules/contracts/contract-reads.service.ts';
import { listInvoices } from '../modules/invoices/invoice-queries.ts';
import { listTemplates } from '../modules/templates/templates.service.ts';
import { listUsers } from '../modules/users/user-admin.service.ts';
import type { Caller } from '../policy.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import type { DbExecutor } from './client.ts';
import * as schema from './schema.ts';

/*
 * Issue 13: every list query, as the services send it, planned on a seeded database. A few
 * thousand rows are enough for the planner to prefer a full scan and a sort when no index
 * serves the order; the figures at a million contracts are bench/lists.bench.mjs's.
 */

const LAWYERS = 10_000;
const TEMPLATES = 10_000;
const CONTRACTS = 30_000;
/** A Sort this small sorts a page (or one lawyer's documents), never a table. */
const PAGE_SIZED = 100;

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows': number;
  Plans?: PlanNode[];
};
type Explained = { sql: string; plan: PlanNode; nodes: PlanNode[] };

let ctx: TestContext;
let admin: Caller;
let customer: Caller;
let captured: { query: string; params: unknown[] }[] = [];
/** The services' own queries, recorded as they run, then explained with the same parameters. */
let recordingDb: DbExecutor;

function flatten(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(flatten)];
}

async function explainedQueries(run: (db: DbExecutor) => Promise<unknown>): Promise<Explained[]> {
  captured = [];
  await run(recordingDb);
  const queries = captured;
  return Promise.all(
    queries.map(async ({ query, params }) => {
      const { rows } = await ctx.pool.query(`explain (format json) ${query}`, params);
      const plan = (rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]?.Plan as PlanNode;
      return { sql: query, plan, nodes: flatten(plan) };
    }),
  );
}

/** What every plan must show: an index path, and no sort or full scan of `table`. */
function expectIndexedPlan(explained: Explained, table: string) {
  const described = JSON.stringify(explained.plan, null, 1);
  const indexed = explained.nodes.filter(
    (node) => node['Index Name'] !== undefined && node['Index Name'] !== '',
  );
  expect(indexed.length, `no index path in\n${explained.sql}\n${described}`).toBeGreaterThan(0);
  const fullScans = explained.nodes.filter(
    (node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === table,
  );
  expect(fullScans, `a full scan of ${table} in\n${described}`).toEqual([]);
  for (const sort of explained.nodes.filter((node) => node['Node Type'].endsWith('Sort'))) {
    expect(sort['Plan Rows'], `a sort of the table in\n${described}`).toBeLessThanOrEqual(
      PAGE_SIZED,
    );
  }
}

/**
 * The page query is the one with a LIMIT; the other is the count, unless the page carries its
 * total itself (a lawyer's own documents: `count(*) over ()`).
 */
function split(explained: Explained[]): { page: Explained; count: Explained } {
  const page = explained.find((query) => /\blimit\b/i.test(query.sql));
  const count =
    explained.find((query) => query !== page && /\b(count|sum)\(/i.test(query.sql)) ??
    (page && /count\(\*\) over \(\)/i.test(page.sql) ? page : undefined);
  if (!page || !count) throw new Error(`expected a page and a count, got ${explained.length}`);
  return { page, count };
}

function relationsOf(explained: Explained): string[] {
  return [
    ...new Set(explained.nodes.flatMap((node) => node['Relation Name'] ?? [])),
  ].sort() as string[];
}

beforeAll(async () => {
  ctx = await createTestContext();
  recordingDb = drizzle({
    client: ctx.pool,
    schema,
    logger: { logQuery: (query, params) => captured.push({ query, params }) },
  });
  const adminUser = await ctx.buildUser({ role: ROLES.admin });
  const editor = await ctx.buildUser({ role: ROLES.editor });
  admin = adminUser;
  await ctx.pool.query(
    `insert into categories (name) select 'Categoria ' || g from generate_series(1, 8) g`,
  );
  await ctx.pool.query(
    `insert into files (sha256, bytes, name, size, content_type)
     values (encode(sha256('\\x00'::bytea), 'hex'), '\\x00'::bytea, 'm.docx', 1, 'application/octet-stream')`,
  );
  await ctx.pool.query(
    `insert into users (name, surname, email, pec, password_hash, status, email_verified, created_at)
     select (array['Marco','Giulia','Luca','Chiara','Paolo'])[1 + g % 5],
            'Cognome' || (g % 97), 'l' || g || '@example.it', 'l' || g || '@pec.plan.it', 'x',
            'confermato', g % 10 <> 0, now() - g * interval '1 hour'
       from generate_series(1, $1::int) g`,
    [LAWYERS],
  );
  await ctx.pool.query(
    `insert into templates (name, price_cents, category_id, status, created_by, created_at)
     select 'Modello ' || (array['locazione','mandato','appalto','comodato'])[1 + g % 4] || ' ' || g,
            1000, (select array_agg(id) from categories)[1 + g % 8],
            case when g % 10 = 0 then 'SUSPENDED' else 'PUBLISHED' end, $2, now() - g * interval '1 hour'
       from generate_series(1, $1::int) g`,
    [TEMPLATES, editor.id],
  );
  await ctx.pool.query(
    `with added as (
       insert into template_versions (template_id, master_sha256, preview_sha256, master_name,
                                      preview_name, json_questions, created_by)
       select id, encode(sha256('\\x00'::bytea), 'hex'), encode(sha256('\\x00'::bytea), 'hex'),
              'm.docx', 'p.docx', '[]'::jsonb, created_by
         from templates
       returning id, template_id)
     update templates t set current_version_id = added.id from added where added.template_id = t.id`,
  );
  await ctx.pool.query(
    `with lawyers as (select array_agg(id) ids from users where role = 'user'),
          models as (select array_agg(id order by id) ids, array_agg(current_version_id order by id) versions from templates)
     insert into contracts (user_id, template_id, template_version_id, answers, status, created_at, price_cents)
     select l.ids[1 + (g * 31) % cardinality(l.ids)], m.ids[1 + (g * 17) % cardinality(m.ids)],
            m.versions[1 + (g * 17) % cardinality(m.ids)], '{}'::jsonb,
            case when g % 10 = 1 then 'TO_COMPLETE' else 'COMPLETED' end,
            now() - ((g * 7919) % $1::int) * interval '1 minute', 1000
       from generate_series(1, $1::int) g, lawyers l, models m`,
    [CONTRACTS],
  );
  await ctx.pool.query(
    `insert into payments (contract_id, provider, transaction_id, amount_cents, vat_cents, paid_at, updated_at)
     select id, 'local', 'plan_' || id, 1220, 220, created_at, created_at + interval '1 hour'
       from contracts where status = 'COMPLETED' and random() < 0.5`,
  );
  // Every payment invoiced (issue 14), numbered in payment order.
  await ctx.pool.query(
    `insert into invoices (year, number, full_number, tipo, issued_on, user_id, contract_id,
                           payment_id, buyer, seller, lines, imponibile_cents, iva_cents,
                           totale_cents, progressivo_invio, xml)
     select 2026, n, '2026/' || lpad(n::text, 6, '0'), 'TD01', to_char(paid_at, 'YYYY-MM-DD'),
            user_id, contract_id, payment_id,
            jsonb_build_object('tipo', 'studio', 'denominazione', 'Studio ' || n,
                               'codiceFiscale', '12345678903', 'partitaIva', '12345678903'),
            '{"partitaIva": "01234567897"}'::jsonb, '[]'::jsonb, 1000, 220, 1220, 'P' || n, '<x/>'
       from (select row_number() over (order by p.paid_at, p.id) n, p.paid_at, c.user_id,
                    p.contract_id, p.id payment_id
               from payments p join contracts c on c.id = p.contract_id) paid`,
  );
  await ctx.pool.query('vacuum analyze');
  const [lawyer] = (await ctx.pool.query(`select id from users where pec = 'l42@pec.plan.it'`))
    .rows as { id: string }[];
  customer = { id: lawyer?.id ?? '', role: ROLES.user, status: 'confermato' };
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

const ADMIN_SORTS = ['created_at_date', 'name', 'surname', 'type_contract', 'payment_date'];

describe("the users' contracts list (admin) at a few thousand rows", () => {
  for (const sort of ADMIN_SORTS) {
    for (const order of ['asc', 'desc']) {
      it(`cuts the page of ${sort} ${order} from an index of contracts, pages 1 and 100`, async () => {
        for (const page of [1, 100]) {
          const query = ZContractsQuery.parse({
            userActive: 'true',
            status: 'COMPLETED',
            sort,
            order,
            page: String(page),
          });
          const explained = await explainedQueries((db) => listContracts(db, admin, query));
          const { page: pageQuery } = split(explained);
          expectIndexedPlan(pageQuery, 'contracts');
          const indexes = pageQuery.nodes.flatMap((node) => node['Index Name'] ?? []);
          expect(indexes.some((name) => name.startsWith('contracts_'))).toBe(true);
        }
      });
    }
  }

  it('counts pages from the per-template counts, never from the contracts, unless it searches', async () => {
    const query = ZContractsQuery.parse({ userActive: 'true', status: 'COMPLETED' });
    const { count } = split(await explainedQueries((db) => listContracts(db, admin, query)));
    expect(relationsOf(count)).toEqual(['contract_counts']);
    const searched = ZContractsQuery.parse({ userActive: 'true', name: 'Cognome42' });
    const { count: search } = split(
      await explainedQueries((db) => listContracts(db, admin, searched)),
    );
    // A search counts the matching contracts by index, joining nothing.
    expect(relationsOf(search)).toEqual(['contracts']);
  });

  it('searches lawyers and titles through their trigram indexes, then the contracts by id', async () => {
    for (const name of ['Cognome42', 'Giulia Cognome7', 'locazione 1236']) {
      const query = ZContractsQuery.parse({ userActive: 'true', status: 'COMPLETED', name });
      const explained = await explainedQueries((db) => listContracts(db, admin, query));
      const lookups = explained.filter((each) => /\bilike\b/i.test(each.sql));
      expect(lookups.length).toBe(2);
      for (const lookup of lookups) {
        const indexes = lookup.nodes.flatMap((node) => node['Index Name'] ?? []);
        expect(
          indexes.filter((index) => index.endsWith('_trgm_idx')).length,
          `${name}: ${JSON.stringify(lookup.plan, null, 1)}`,
        ).toBeGreaterThan(0);
      }
      const { page, count } = split(explained);
      expectIndexedPlan(page, 'contracts');
      // Titles alone: the per-template counts of the matching titles; lawyers too: the contracts.
      const byTitleOnly = name === 'locazione 1236';
      expectIndexedPlan(count, byTitleOnly ? 'contract_counts' : 'contracts');
      expect(relationsOf(count)).toEqual([byTitleOnly ? 'contract_counts' : 'contracts']);
    }
  });

  // The plans decide by the ids the text resolved to: many titles (a word of a quarter of them
  // here) and the page is found walking the order's index, keeping the matching rows; a few and
  // their documents are fetched by template and sorted. Both counted from the per-template counts.
  it('walks the order for a common word of titles, fetches by template for a rare one', async () => {
    for (const sort of ['created_at_date', 'payment_date', 'surname']) {
      for (const page of [1, 20]) {
        const common = ZContractsQuery.parse({
          userActive: 'true',
          status: 'COMPLETED',
          name: 'locazione',
          sort,
          order: 'desc',
          page: String(page),
        });
        const walked = split(await explainedQueries((db) => listContracts(db, admin, common)));
        const described = JSON.stringify(walked.page.plan, null, 1);
        expectIndexedPlan(walked.page, 'contracts');
        const indexes = walked.page.nodes.flatMap((node) => node['Index Name'] ?? []);
        expect(indexes, `${sort} page ${page}: ${described}`).not.toContain(
          'contracts_template_idx',
        );
        // The rows walked are filtered in the index: no visit to the table for a row skipped.
        const walk = walked.page.nodes.find(
          (node) => node['Index Name'] !== undefined && node['Index Name'] !== 'contracts_pkey',
        );
        expect(walk?.['Node Type'], `${sort} page ${page}: ${described}`).toBe('Index Only Scan');
        expect(relationsOf(walked.count)).toEqual(['contract_counts']);
      }
      const rare = ZContractsQuery.parse({
        userActive: 'true',
        status: 'COMPLETED',
        name: 'locazione 1236',
        sort,
        order: 'desc',
      });
      const fetched = split(await explainedQueries((db) => listContracts(db, admin, rare)));
      const indexes = fetched.page.nodes.flatMap((node) => node['Index Name'] ?? []);
      expect(indexes, JSON.stringify(fetched.page.plan, null, 1)).toContain(
        'contracts_template_idx',
      );
      expectIndexedPlan(fetched.page, 'contracts');
      expect(relationsOf(fetched.count)).toEqual(['contract_counts']);
    }
  });

  it('filters by category through the templates of the category', async () => {
    const [category] = (await ctx.pool.query('select id from categories limit 1')).rows;
    const query = ZContractsQuery.parse({
      userActive: 'true',
      status: 'COMPLETED',
      categoryId: category.id,
    });
    const { page, count } = split(await explainedQueries((db) => listContracts(db, admin, query)));
    expectIndexedPlan(page, 'contracts');
    expect(relationsOf(count)).toEqual(['contract_counts', 'templates']);
  });
});

describe("the lawyer's archive", () => {
  // A lawyer's documents are found through (user_id, status, created_at); ordering them (a few
  // hundred at most) by date and id is a sort of the lawyer's rows, not of the table.
  for (const filter of [{ status: 'COMPLETED', payed: 'true' }, {}, { name: 'locazione' }]) {
    it(`reads one lawyer's documents by index (${JSON.stringify(filter)})`, async () => {
      const query = ZContractsQuery.parse(filter);
      const { page, count } = split(
        await explainedQueries((db) => listContracts(db, customer, query)),
      );
      expectIndexedPlan(page, 'contracts');
      expectIndexedPlan(count, 'contracts');
    });
  }
});

describe("the lists' invoice references (issue 14)", () => {
  it("probe the contract index of invoices for the page's rows only", async () => {
    const cases: [Caller, Record<string, string>][] = [
      [admin, { userActive: 'true', status: 'COMPLETED', page: '1' }],
      [admin, { userActive: 'true', status: 'COMPLETED', page: '100' }],
      [customerOf(), { status: 'COMPLETED', payed: 'true' }],
    ];
    for (const [caller, filter] of cases) {
      const query = ZContractsQuery.parse(filter);
      const { page } = split(await explainedQueries((db) => listContracts(db, caller, query)));
      expectIndexedPlan(page, 'invoices');
      const invoiceScans = page.nodes.filter((node) => node['Relation Name'] === 'invoices');
      expect(invoiceScans.map((node) => node['Index Name'])).toEqual(['invoices_contract_idx']);
    }
  });
});

describe('the invoices list', () => {
  it("pages everyone's invoices newest first from the numbering index (admin)", async () => {
    for (const page of [1, 100]) {
      const explained = await explainedQueries((db) =>
        listInvoices(db, admin, { page, limit: 12 }),
      );
      const { page: pageQuery } = split(explained);
      expectIndexedPlan(pageQuery, 'invoices');
      const indexes = pageQuery.nodes.flatMap((node) => node['Index Name'] ?? []);
      expect(indexes).toContain('invoices_year_number_unique');
    }
  });

  it("reads one lawyer's invoices by their index", async () => {
    const explained = await explainedQueries((db) =>
      listInvoices(db, customerOf(), { page: 1, limit: 12 }),
    );
    const { page, count } = split(explained);
    expectIndexedPlan(page, 'invoices');
    expectIndexedPlan(count, 'invoices');
  });
});

describe('the templates catalogue', () => {
  it('pages the listable templates newest first from their index, for customers and staff', async () => {
    for (const [caller, filter] of [
      [{ ...customerOf() }, {}],
      [admin, {}],
      [admin, { status: 'SUSPENDED' }],
      [{ ...customerOf() }, { page: '40' }],
    ] as const) {
      const query = ZTemplatesQuery.parse(filter);
      const { page } = split(await explainedQueries((db) => listTemplates(db, caller, query)));
      expectIndexedPlan(page, 'templates');
      // The page is cut before anything is joined: the creators, versions and categories are
      // read for its rows only, however deep the page.
      const limit = page.nodes.find((node) => node['Node Type'] === 'Limit');
      if (!limit) throw new Error(`no Limit in\n${JSON.stringify(page.plan, null, 1)}`);
      expect(relationsOf({ ...page, plan: limit, nodes: flatten(limit) })).toEqual(['templates']);
    }
  });

  it('searches names with the trigram index', async () => {
    for (const name of ['comodato 77', 'locazione 1236']) {
      const query = ZTemplatesQuery.parse({ name });
      const { page, count } = split(
        await explainedQueries((db) => listTemplates(db, customerOf(), query)),
      );
      for (const explained of [page, count]) {
        expectIndexedPlan(explained, 'templates');
        const indexes = explained.nodes.flatMap((node) => node['Index Name'] ?? []);
        expect(indexes).toContain('templates_name_trgm_idx');
      }
    }
  });
});

describe('the users list (admin)', () => {
  // Past the middle of the few unverified accounts, sorting them (a tenth of the table) costs
  // less than walking the index to the page; the pages asked here stay in the first half.
  it('pages the accounts newest first from an index, verified or not', async () => {
    for (const filter of [{}, { email_verified: true }, { email_verified: false }]) {
      for (const page of [1, 20]) {
        const explained = await explainedQueries((db) =>
          listUsers({ db: db as never }, { page, limit: 12, ...filter }),
        );
        expectIndexedPlan(split(explained).page, 'users');
      }
    }
  });
});

function customerOf(): Caller {
  return customer;
}
