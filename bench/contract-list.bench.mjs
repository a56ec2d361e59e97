// The lawyer's contract list under load: `GET /api/contract?page=1` by 50 connections as one
// lawyer, on the server `npm start` runs (the compiled dist, NODE_ENV=production, the default
// log level), next to the questionnaire step on the same server. Prints JSON. Targets
// 127.0.0.1 only; every loop is bounded.
//
// The demo lawyer owns 21 contracts of the demo locazione, answered to the end with the sample
// answers (typed ones included), 12 of them paid through the local provider (so invoiced): the
// list's first page holds 12 cards. BENCH_CPU_PROFILE_DIR=/tmp/x writes the server's V8 CPU
// profile there (bench/cpuprofile-summary.mjs sums it).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { buildServer, SERVER_ENTRY, serverBuildIsCurrent } from '../scripts/server-build.mjs';
import { sampleAnswer } from './support/sample-answers.mjs';
import { benchDataDir, freePort, REPO_ROOT, startServer, stopServer } from './support/server.mjs';

const dataDir = benchDataDir('contract-list');
const LOAD = { connections: 50, duration: Number(process.env.BENCH_DURATION_S ?? 10) };
const WARM_UP = { connections: 50, duration: 3 };
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const TEMPLATE = 'Contratto di locazione ad uso abitativo';
const CONTRACTS = 21;
const PAID = 12;
const SAMPLE_BILLING = {
  tipo: 'persona_fisica',
  nome: 'Ugo',
  cognome: 'Zanetti',
  codice_fiscale: 'ZNTGUO70B12L219R',
  partita_iva: '01234567897',
  indirizzo: 'via Roma 1',
  cap: '00184',
  comune: 'Roma',
  provincia: 'RM',
  nazione: 'IT',
};

/** Linux's clock tick (`getconf CLK_TCK`), the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICK_US = 10_000;

/** pid → { ppid, comm, cpuUs } of every process /proc shows (Linux only; empty elsewhere). */
function processTable() {
  const table = new Map();
  let pids = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return table;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(pid), {
        ppid: Number(fields[1]),
        comm,
        cpuUs: (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_US,
      });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/**
 * The CPU µs the server (node and its worker threads) and its PostgreSQL (the postmaster and
 * every backend under it) have used so far: where a request's time goes, even on a busy machine.
 */
function serverCpuUs(serverPid) {
  const table = processTable();
  const children = new Map();
  for (const [pid, { ppid }] of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const sum = { node: table.get(serverPid)?.cpuUs ?? 0, postgres: 0 };
  const walk = (pid) => {
    for (const child of children.get(pid) ?? []) {
      const entry = table.get(child);
      if (entry?.comm.startsWith('postgres')) sum.postgres += entry.cpuUs;
      walk(child);
    }
  };
  walk(serverPid);
  return sum;
}

/** autocannon's result for `request`, with the CPU µs per request of the server and of PostgreSQL. */
async function measure(request, serverPid) {
  const before = serverCpuUs(serverPid);
  const result = await autocannon({ ...request, ...LOAD });
  const after = serverCpuUs(serverPid);
  const perRequest = (key) =>
    result.requests.total === 0
      ? null
      : Math.round((after[key] - before[key]) / result.requests.total);
  result.cpuUs = { node: perRequest('node'), postgres: perRequest('postgres') };
  return result;
}

async function startCompiledServer(port) {
  if (!(await serverBuildIsCurrent())) await buildServer();
  const { child } = await startServer({
    port,
    dataDir,
    args: [
      ...(process.env.BENCH_CPU_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_CPU_PROFILE_DIR)}`]
        : []),
      '--enable-source-maps',
      join(REPO_ROOT, SERVER_ENTRY),
    ],
    cwd: join(REPO_ROOT, 'apps/server'),
    env: { NODE_ENV: 'production', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? '' },
    timeoutMs: 120_000,
  });
  return child;
}

async function api(base, path, { token, body, method = 'POST' } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json.data;
}

async function signIn(base, pec = 'avvocato@pec.demo.it') {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pec, password: 'Demo2026!' }),
  });
  const body = await res.json();
  const header = res.headers.get('authorization') ?? '';
  if (res.status !== 200 || !header.startsWith('Bearer ')) {
    throw new Error(`login answered ${res.status} without a token`);
  }
  return { token: header.slice('Bearer '.length), userId: body.data.id };
}

/** The sample answers of the whole questionnaire, as the lawyer would have given them. */
async function finishedAnswers(base, token, templateId) {
  const path = `/api/contract/questions?type=${encodeURIComponent(templateId)}`;
  let answers = {};
  for (let i = 0; i < 200; i += 1) {
    const next = await api(base, path, { token, body: answers });
    if (!next) return answers;
    answers = { ...answers, [next.variable]: sampleAnswer(next) };
  }
  throw new Error('the questionnaire did not end in 200 questions');
}

/** The demo lawyer's documents: CONTRACTS answered to the end, the first PAID of them paid. */
async function seedContracts(base, token, userId, templateId) {
  const answers = await finishedAnswers(base, token, templateId);
  await api(base, `/api/user/${userId}/billing`, { token, method: 'PUT', body: SAMPLE_BILLING });
  for (let i = 0; i < CONTRACTS; i += 1) {
    const { id } = await api(base, '/api/contract/', {
      token,
      method: 'PUT',
      body: { type: templateId, answers, status: 'TO_COMPLETE' },
    });
    await api(base, `/api/contract/${id}`, {
      token,
      method: 'PUT',
      body: { answers, status: 'COMPLETED' },
    });
    if (i < PAID) {
      const checkout = await api(base, '/api/payment/local-checkout', {
        token,
        body: { contractId: id },
      });
      const detail = await api(base, `/api/contract/${id}`, { token, method: 'GET' });
      await api(base, '/api/payment', {
        token,
        body: { transactionId: checkout.session_id, price: detail.price, contractId: id },
      });
    }
  }
  return Object.keys(answers).length;
}

function summary(results) {
  const sorted = (pick) => results.map(pick).sort((a, b) => a - b);
  const median = (values) => values[Math.floor(values.length / 2)];
  return {
    requests_per_s: Math.round(median(sorted((r) => r.requests.average))),
    latency_p50_ms: median(sorted((r) => r.latency.p50)),
    latency_p99_ms: median(sorted((r) => r.latency.p99)),
    rounds: results.map((r) => ({
      requests_per_s: Math.round(r.requests.average),
      p99_ms: r.latency.p99,
      cpu_us_per_request: r.cpuUs,
    })),
    non_2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    bytes_per_response: Math.round(
      results.reduce((sum, r) => sum + r.throughput.total, 0) /
        Math.max(
          1,
          results.reduce((sum, r) => sum + r.requests.total, 0),
        ),
    ),
  };
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
rmSync(dataDir, { recursive: true, force: true });
let server;
try {
  server = await startCompiledServer(port);
  const { token, userId } = await signIn(base);
  const catalogue = await api(base, '/api/template?limit=100', { token, method: 'GET' });
  const template = catalogue.results.find((candidate) => candidate.name === TEMPLATE);
  if (!template) throw new Error(`no published template named ${TEMPLATE}`);
  const answersPerContract = await seedContracts(base, token, userId, template.id);
  const headers = { authorization: `Bearer ${token}` };
  const loads = {
    contract_list: { url: `${base}/api/contract?page=1`, headers },
    // The questionnaire's step on the same server and data: the 30x the issue measured.
    questions: {
      url: `${base}/api/contract/questions?type=${encodeURIComponent(template.id)}`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    },
  };
  // BENCH_ONLY=contract_list: one load alone (a CPU profile of it, say).
  if (process.env.BENCH_ONLY) {
    for (const name of Object.keys(loads)) if (name !== process.env.BENCH_ONLY) delete loads[name];
  }
  const first = await api(base, '/api/contract?page=1', { token, method: 'GET' });
  for (const request of Object.values(loads)) await autocannon({ ...request, ...WARM_UP });
  const runs = Object.fromEntries(Object.keys(loads).map((name) => [name, []]));
  const loadAverages = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, request] of Object.entries(loads)) {
      runs[name].push(await measure(request, server.pid));
      loadAverages.push(loadavg()[0]);
    }
  }
  console.log(
    JSON.stringify({
      load: LOAD,
      rounds: ROUNDS,
      contracts: CONTRACTS,
      paid: PAID,
      answers_per_contract: answersPerContract,
      cards_on_page_1: first.results.length,
      load_average_1m_after_each_load: loadAverages.map((l) => Number(l.toFixed(2))),
      ...Object.fromEntries(Object.entries(runs).map(([name, r]) => [name, summary(r)])),
    }),
  );
} finally {
  if (server) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
