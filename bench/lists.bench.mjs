// The lists at scale (issue 13): the real server on an embedded PostgreSQL of its own, seeded
// through SQL with 10,000 lawyers, 10,000 templates and 1,000,000 contracts (half of them paid),
// then every list and sort the API offers asked over HTTP, one request after another.
// Prints JSON: p50/p95 per list. Targets 127.0.0.1 only; every loop is bounded.
//
// LISTS_BENCH_DATA_DIR=/path keeps the cluster there (seeded once, reused by the next run), so
// two versions of the code can be measured on the same rows; LISTS_BENCH_RUNS and
// LISTS_BENCH_WARM_UP set the measured and unmeasured requests per list (30 and 3).
import { readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { benchDataDir, freePort, startServer, stopServer } from './support/server.mjs';

const keptDataDir = process.env.LISTS_BENCH_DATA_DIR;
const dataDir = keptDataDir ? resolve(keptDataDir) : benchDataDir('lists');
const RUNS = Number(process.env.LISTS_BENCH_RUNS ?? 30);
const WARM_UP = Number(process.env.LISTS_BENCH_WARM_UP ?? 3);
const ANALYZE_ONLY = process.env.LISTS_BENCH_ANALYZE_ONLY === '1';
const LAWYERS = 10_000;
const TEMPLATES = 10_000;
const CONTRACTS = 1_000_000;
const DEMO_PASSWORD = 'Demo2026!';

/** The embedded cluster's own connection: its port from postmaster.pid, its generated password. */
function embeddedUrl() {
  const pid = readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(pid[3]);
  const password = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/lexpath`;
}

const FIRST_NAMES = [
  'Marco',
  'Giulia',
  'Luca',
  'Francesca',
  'Alessandro',
  'Chiara',
  'Andrea',
  'Sara',
  'Matteo',
  'Elena',
  'Davide',
  'Valentina',
  'Simone',
  'Martina',
  'Federico',
  'Laura',
  'Stefano',
  'Paola',
  'Giorgio',
  'Silvia',
  'Roberto',
  'Anna',
  'Paolo',
  'Marta',
  'Lorenzo',
  'Ilaria',
  'Riccardo',
  'Alessia',
  'Tommaso',
  'Beatrice',
];
const SURNAMES = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
  'Barbieri',
  'Fontana',
  'Santoro',
  'Mariani',
  'Rinaldi',
  'Caruso',
  'Ferrara',
  'Galli',
  'Martini',
  'Leone',
  'Longo',
  'Gentile',
  'Martinelli',
  'Vitale',
  'Lombardo',
  'Serra',
  'Coppola',
  'De Santis',
  "D'Angelo",
  'Marchetti',
];
// Titles as an Italian firm's templates read: twenty families of one template in twenty each,
// so a family's word ("locazione") is in 5 % of the titles and, the contracts spread evenly
// over the templates, in 5 % of the contracts; "contratto" opens most titles (a search that
// matches most rows) and " n. <number>" picks one template (a search that matches few).
const TITLE_FAMILIES = [
  'Contratto di locazione',
  'Contratto preliminare di compravendita',
  'Mandato con rappresentanza',
  'Procura speciale',
  "Contratto d'appalto",
  "Contratto di comodato d'uso",
  'Contratto di mutuo',
  'Fideiussione bancaria',
  'Atto di transazione',
  'Cessione del credito',
  'Contratto di licenza',
  'Contratto di franchising',
  'Contratto di agenzia',
  'Contratto di deposito',
  'Contratto di trasporto',
  'Polizza fideiussoria',
  'Atto di donazione',
  'Contratto di permuta',
  'Contratto di somministrazione',
  'Accordo di riservatezza',
];
const TITLE_KINDS = [
  'ad uso abitativo',
  'ad uso commerciale',
  'transitorio',
  'semplice',
  'con clausola penale',
  'breve',
];

const sqlArray = (values) =>
  `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;

/** Everything through generate_series: the rows are the same on every run. */
async function seed(client) {
  const step = async (label, statement) => {
    const started = performance.now();
    await client.query(statement);
    console.error(`seed: ${label} ${Math.round(performance.now() - started)} ms`);
  };
  await step(
    'lawyers',
    `insert into users (name, surname, email, pec, password_hash, role, status, email_verified, created_at)
     select (${sqlArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}],
            (${sqlArray(SURNAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${SURNAMES.length}],
            'lawyer' || g || '@example.it', 'lawyer' || g || '@pec.bench.it',
            (select password_hash from users where pec = 'avvocato@pec.demo.it'),
            'user', 'confermato', g % 10 <> 0,
            timestamptz '2024-01-01' + ((g * 7919) % ${LAWYERS}) * interval '53 minutes'
       from generate_series(1, ${LAWYERS}) g`,
  );
  await step(
    'templates',
    `insert into templates (name, description, price_cents, category_id, status, created_by, created_at)
     select (${sqlArray(TITLE_FAMILIES)})[1 + g % ${TITLE_FAMILIES.length}] || ' '
              || (${sqlArray(TITLE_KINDS)})[1 + (g / ${TITLE_FAMILIES.length}) % ${TITLE_KINDS.length}]
              || ' n. ' || g,
            'Modello di prova ' || g, 1000 + (g % 50) * 100,
            (select array_agg(id order by name) from categories)[1 + g % (select count(*) from categories)::int],
            case when g % 10 = 0 then 'SUSPENDED' else 'PUBLISHED' end,
            (select id from users where pec = 'editor@pec.demo.it'),
            timestamptz '2024-01-01' + ((g * 7919) % ${TEMPLATES}) * interval '61 minutes'
       from generate_series(1, ${TEMPLATES}) g`,
  );
  await step(
    'versions',
    `with source as (select * from template_versions order by created_at limit 1),
          added as (
            insert into template_versions (template_id, master_sha256, preview_sha256, master_name,
                                           preview_name, json_questions, created_by, created_at)
            select t.id, s.master_sha256, s.preview_sha256, s.master_name, s.preview_name,
                   s.json_questions, t.created_by, t.created_at
              from templates t, source s
             where t.current_version_id is null
            returning id, template_id)
     update templates t set current_version_id = added.id from added where added.template_id = t.id`,
  );
  await step(
    'contracts',
    `with lawyers as (select array_agg(id order by pec) ids from users where role = 'user'),
          models as (
            select array_agg(id order by created_at, id) ids,
                   array_agg(current_version_id order by created_at, id) versions
              from templates)
     insert into contracts (user_id, template_version_id, template_id, answers, status, created_at, updated_at, price_cents)
     select l.ids[1 + (g * 31) % cardinality(l.ids)],
            m.versions[1 + (g * 17) % cardinality(m.ids)],
            m.ids[1 + (g * 17) % cardinality(m.ids)],
            jsonb_build_object('n', g::text),
            case when g % 10 = 1 then 'TO_COMPLETE' else 'COMPLETED' end,
            timestamptz '2024-01-01' + ((g::bigint * 7919) % ${CONTRACTS}) * interval '63 seconds',
            timestamptz '2024-01-01' + ((g::bigint * 7919) % ${CONTRACTS}) * interval '63 seconds',
            1000
       from generate_series(1, ${CONTRACTS}) g, lawyers l, models m`,
  );
  await step(
    'payments (half)',
    `insert into payments (contract_id, provider, transaction_id, amount_cents, vat_cents, paid_at, created_at, updated_at)
     select id, 'local', 'bench_' || id, 1220, 220,
            created_at + interval '2 hours', created_at + interval '2 hours', created_at + interval '2 hours'
       from contracts
      where (answers ->> 'n')::int % 2 = 0`,
  );
  // LISTS_BENCH_ANALYZE_ONLY=1 leaves the rows as a load by SQL followed by ANALYZE leaves
  // them (issue 21's measurement): no VACUUM, so no visibility map and every dead version kept.
  if (ANALYZE_ONLY) await step('analyze', 'analyze');
  else await step('vacuum analyze', 'vacuum analyze');
}

async function signIn(base, pec) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pec, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login of ${pec} answered ${res.status}`);
  await res.arrayBuffer();
  return res.headers.get('authorization');
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function measure(base, token, path) {
  const times = [];
  let body;
  for (let i = 0; i < WARM_UP + RUNS; i += 1) {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { authorization: token } });
    body = await res.json();
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    p50_ms: Math.round(percentile(times, 0.5)),
    p95_ms: Math.round(percentile(times, 0.95)),
    rows: body.data.results.length,
    totalPages: body.data.totalPages,
  };
}

const ADMIN_CONTRACTS = '/api/contract?userActive=true&status=COMPLETED';
const CASES = {
  admin_contracts: {
    as: 'admin',
    paths: {
      default_page_1: `${ADMIN_CONTRACTS}&page=1`,
      default_page_100: `${ADMIN_CONTRACTS}&page=100`,
      default_page_10000: `${ADMIN_CONTRACTS}&page=10000`,
      // What the screen itself sends for its first page (users-contracts-screen.tsx).
      screen_page_1: `${ADMIN_CONTRACTS}&page=1&sort=created_at_date&order=desc`,
      created_asc_page_1: `${ADMIN_CONTRACTS}&sort=created_at_date&order=asc`,
      name_asc_page_1: `${ADMIN_CONTRACTS}&sort=name&order=asc`,
      name_desc_page_10000: `${ADMIN_CONTRACTS}&sort=name&order=desc&page=10000`,
      surname_asc_page_1: `${ADMIN_CONTRACTS}&sort=surname&order=asc`,
      surname_desc_page_1: `${ADMIN_CONTRACTS}&sort=surname&order=desc`,
      type_contract_asc_page_1: `${ADMIN_CONTRACTS}&sort=type_contract&order=asc`,
      payment_date_desc_page_1: `${ADMIN_CONTRACTS}&sort=payment_date&order=desc`,
      payment_date_asc_page_1: `${ADMIN_CONTRACTS}&sort=payment_date&order=asc`,
      payment_date_desc_page_100: `${ADMIN_CONTRACTS}&sort=payment_date&order=desc&page=100`,
      payment_date_desc_page_10000: `${ADMIN_CONTRACTS}&sort=payment_date&order=desc&page=10000`,
      search_surname_page_1: `${ADMIN_CONTRACTS}&name=Marchetti`,
      search_full_name_page_1: `${ADMIN_CONTRACTS}&name=${encodeURIComponent('Beatrice Marchetti')}`,
      search_title_page_1: `${ADMIN_CONTRACTS}&name=${encodeURIComponent('n. 4242')}`,
      // A word of 5 % of the titles, and one of most: the page is found walking the order.
      search_common_word_page_1: `${ADMIN_CONTRACTS}&name=locazione`,
      search_common_word_page_100: `${ADMIN_CONTRACTS}&name=locazione&page=100`,
      search_common_word_payment_date_page_1: `${ADMIN_CONTRACTS}&name=locazione&sort=payment_date&order=desc`,
      search_common_word_surname_page_1: `${ADMIN_CONTRACTS}&name=locazione&sort=surname&order=asc`,
      search_most_titles_page_1: `${ADMIN_CONTRACTS}&name=contratto`,
      category_page_1: `${ADMIN_CONTRACTS}&categoryId=CATEGORY`,
    },
  },
  lawyer_archive: {
    as: 'lawyer',
    paths: {
      paid_page_1: '/api/contract?status=COMPLETED&payed=true',
      all_page_1: '/api/contract',
      search_title_page_1: '/api/contract?name=Locazione',
    },
  },
  templates_catalogue: {
    as: 'lawyer',
    paths: {
      page_1: '/api/template',
      page_500: '/api/template?page=500',
      name_search: `/api/template?name=${encodeURIComponent('Fideiussione bancaria semplice')}`,
      name_search_number: `/api/template?name=${encodeURIComponent('n. 4242')}`,
    },
  },
  templates_admin: {
    as: 'admin',
    paths: {
      page_1: '/api/template',
      name_search: '/api/template?name=Comodato',
    },
  },
  users_list: {
    as: 'admin',
    paths: {
      page_1: '/api/user',
      page_500: '/api/user?page=500',
      verified_page_1: '/api/user?email_verified=true',
    },
  },
};

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
let server;
try {
  const startedAt = performance.now();
  // The server's log (errors only) goes to stderr: stdout is the JSON. A migration that
  // backfills a million rows takes a while on the first start after it.
  ({ child: server } = await startServer({ port, dataDir, log: 'stderr', timeoutMs: 600_000 }));
  const startMs = Math.round(performance.now() - startedAt);
  const client = new pg.Client({ connectionString: embeddedUrl() });
  await client.connect();
  let seedMs = 0;
  let categoryId;
  try {
    const { rows } = await client.query('select count(*)::int n from contracts');
    if (rows[0].n < CONTRACTS) {
      const started = performance.now();
      await seed(client);
      seedMs = Math.round(performance.now() - started);
    } else {
      // A kept cluster after a migration: the planner's statistics as a live database has them.
      await client.query(ANALYZE_ONLY ? 'analyze' : 'vacuum analyze');
    }
    categoryId = (await client.query('select id from categories order by name limit 1')).rows[0].id;
  } finally {
    await client.end();
  }
  const accounts = {
    admin: 'admin@pec.demo.it',
    // The demo lawyer owns none of the seeded contracts: the archive is a seeded lawyer's.
    lawyer: 'lawyer42@pec.bench.it',
  };
  // Signed in again after 10 minutes: slow code must not outlive the 15-minute access token
  // (and signing in for every list would meet the sign-in rate limit).
  const signedIn = {};
  const tokenOf = async (as) => {
    if (!signedIn[as] || performance.now() - signedIn[as].at > 600_000) {
      signedIn[as] = { token: await signIn(base, accounts[as]), at: performance.now() };
    }
    return signedIn[as].token;
  };
  const results = {};
  for (const [list, { as, paths }] of Object.entries(CASES)) {
    results[list] = {};
    for (const [name, path] of Object.entries(paths)) {
      const token = await tokenOf(as);
      results[list][name] = await measure(base, token, path.replace('CATEGORY', categoryId));
      console.error(`${list}.${name}: ${JSON.stringify(results[list][name])}`);
    }
  }
  console.log(
    JSON.stringify({
      seed: {
        lawyers: LAWYERS,
        templates: TEMPLATES,
        contracts: CONTRACTS,
        seed_ms: seedMs,
        vacuumed: !ANALYZE_ONLY,
      },
      load_average: loadavg().map((l) => Number(l.toFixed(2))),
      server_start_ms: startMs,
      runs: RUNS,
      ...results,
    }),
  );
} finally {
  if (server) await stopServer(server, { killAfterMs: 20_000 });
  if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
}
