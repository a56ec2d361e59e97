// Next-question throughput of the real server against a Fastify hello-world measured the same
// way. Prints JSON. Targets 127.0.0.1 only; every loop is bounded.
//
// The server is what `npm start` runs: the compiled apps/server/dist/server.js (built here when
// its sources changed), NODE_ENV=production and the default log level. Both servers run side by
// side and are measured in alternating rounds (hello-world, next question, typed next question,
// again), so a load that comes and goes on a shared machine weighs on both: each round gives a
// ratio, and the figures are the rounds' medians.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { buildServer, SERVER_ENTRY, serverBuildIsCurrent } from '../scripts/server-build.mjs';
import { isTyped, sampleAnswer } from './support/sample-answers.mjs';
import { benchDataDir, freePort, REPO_ROOT, startServer, stopServer } from './support/server.mjs';

const dataDir = benchDataDir('questions');
const LOAD = { connections: 10, duration: 5 };
/** Unmeasured load first, for both servers: the figures are steady state, not JIT warm-up. */
const WARM_UP = { connections: 10, duration: 2 };
/** Measured rounds, each loading every server once in turn. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/** The demo templates measured, by name (the catalogue's order may change). */
const QUESTIONS_TEMPLATE = 'Contratto di locazione ad uso abitativo';
const TYPED_TEMPLATE = 'Accordo di riservatezza (NDA)';
/**
 * What the ratio allows a route: the same hello-world doing this many µs of its own work per
 * request, measured once after the rounds against the rounds' hello-world. Where the ratio
 * crosses 0.5 is the whole budget of a route's own work (authentication, validation, the
 * access log line...) on this machine.
 */
const CALIBRATION_WORK_US = [10, 20, 30, 40];

/** Linux's clock tick (`getconf CLK_TCK`), the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICK_US = 10_000;

/**
 * The CPU time a process (all its threads) has used, in µs, from /proc; undefined elsewhere.
 * Requests per second fall when other work shares the cores; the CPU a request costs the
 * server moves much less, so its ratio is the steadier figure on a shared machine.
 */
function cpuTimeUs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_US;
  } catch {
    return undefined;
  }
}

/** autocannon's result for LOAD, with the CPU µs per request the server `pid` spent on it. */
async function measure(request, pid) {
  const before = cpuTimeUs(pid);
  const result = await autocannon({ ...request, ...LOAD });
  const after = cpuTimeUs(pid);
  result.cpuUsPerRequest =
    before === undefined || after === undefined || result.requests.total === 0
      ? undefined
      : (after - before) / result.requests.total;
  return result;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** As `npm start` runs it (package.json): the compiled server, from apps/server. */
async function startCompiledServer(port) {
  if (!(await serverBuildIsCurrent())) await buildServer();
  const { child } = await startServer({
    port,
    dataDir,
    args: [
      // BENCH_CPU_PROFILE_DIR=/tmp/x writes the server's V8 CPU profile there (where time goes).
      ...(process.env.BENCH_CPU_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_CPU_PROFILE_DIR)}`]
        : []),
      '--enable-source-maps',
      join(REPO_ROOT, SERVER_ENTRY),
    ],
    cwd: join(REPO_ROOT, 'apps/server'),
    env: {
      NODE_ENV: 'production',
      // The default level (info) unless the caller chooses one: what production logs.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? '',
    },
    // The log lines go where a service manager would take them, without a reader's cost here.
  });
  return child;
}

/**
 * A bare Fastify answering `{ hello: 'world' }` to a POST, in its own process like the server.
 * `workUs` > 0: each request first keeps the CPU busy that long, the stand-in for a route's own
 * work (see CALIBRATION_WORK_US).
 */
async function startHello(port, workUs = 0) {
  const source = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    const WORK_NS = ${workUs * 1000}n;
    const work = () => {
      if (WORK_NS === 0n) return;
      const end = process.hrtime.bigint() + WORK_NS;
      while (process.hrtime.bigint() < end);
    };
    app.get('/', async () => ({ hello: 'world' }));
    app.post('/', async () => {
      work();
      return { hello: 'world' };
    });
    await app.listen({ port: ${port}, host: '127.0.0.1' });
    process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
  `;
  const { child } = await startServer({
    port,
    args: ['--input-type=module', '-e', source],
    healthPath: '/',
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

/** The access token, which the login answers in its Authorization header (`Bearer <jwt>`). */
async function signIn(base, pec = 'avvocato@pec.demo.it') {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pec, password: 'Demo2026!' }),
  });
  const header = res.headers.get('authorization') ?? '';
  if (res.status !== 200 || !header.startsWith('Bearer ')) {
    throw new Error(`login answered ${res.status} without a token`);
  }
  return header.slice('Bearer '.length);
}

/**
 * Without a demo template: the editor uploads the 24-page sample contract (and a 2-page one as the preview: test-docx.ts, built
 * through tsx) with its questions, creates the template and publishes it, as the admin UI would.
 */
async function publishSampleTemplate(base) {
  const built = spawnSync(
    join(REPO_ROOT, 'node_modules/.bin/tsx'),
    [
      '-e',
      "import { buildSampleContract, SAMPLE_QUESTIONS } from './apps/server/src/documents/test-docx.ts';" +
        "process.stdout.write(JSON.stringify({ docx: buildSampleContract(24).toString('base64'), preview: buildSampleContract(2).toString('base64'), questions: SAMPLE_QUESTIONS }));",
    ],
    { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
  );
  if (built.status !== 0) throw new Error(`building the sample contract failed: ${built.stderr}`);
  const { docx, preview, questions } = JSON.parse(built.stdout);
  const token = await signIn(base, 'editor@pec.demo.it');
  const form = new FormData();
  form.append('questions', JSON.stringify(questions));
  const asFile = (base64) =>
    new Blob([Buffer.from(base64, 'base64')], {
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  form.append('master', asFile(docx), 'contratto.docx');
  form.append('preview', asFile(preview), 'anteprima.docx');
  const uploadRes = await fetch(`${base}/api/template/upload-master`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const upload = await uploadRes.json();
  if (!uploadRes.ok)
    throw new Error(`upload-master answered ${uploadRes.status}: ${JSON.stringify(upload)}`);
  const categories = await api(base, '/api/category', { token, method: 'GET' });
  const created = await api(base, '/api/template', {
    token,
    body: {
      name: 'Contratto di prova (benchmark)',
      description: 'Il contratto di 24 pagine dei test, per il benchmark.',
      categoryId: categories.results[0].id,
      price: '49',
      stripe_url: 'https://buy.stripe.com/test_benchmark',
      file_name: upload.data.file_name,
      preview_name: upload.data.preview_name,
      json_questions: questions,
    },
  });
  await api(base, `/api/template/${created.id}/status`, {
    token,
    method: 'PUT',
    body: { status: 'PUBLISHED' },
  });
  return { id: created.id, name: `${created.name} [sample, no demo template]` };
}

/**
 * Walks the questionnaire with sample answers; `steps[k]` holds the first k answers and
 * `asked[k]` the question they lead to.
 */
async function walkQuestionnaire(base, token, templateId) {
  const path = `/api/contract/questions?type=${encodeURIComponent(templateId)}`;
  const steps = [{}];
  const asked = [];
  for (let i = 0; i < 200; i += 1) {
    const answers = steps[steps.length - 1];
    const next = await api(base, path, { token, body: answers });
    if (!next) break;
    asked.push(next);
    steps.push({ ...answers, [next.variable]: sampleAnswer(next) });
  }
  return { steps, asked, total: steps.length - 1 };
}

/** The answers halfway through the walk. */
async function midWalkAnswers(base, token, templateId) {
  const { steps, total } = await walkQuestionnaire(base, token, templateId);
  // steps[k] has k answers; the last one is complete, so halfway is steps.length - 1 over 2.
  return { total, answers: steps[Math.floor(total / 2)] };
}

/**
 * The answers after which the next question is typed, nearest the middle of the walk (typed
 * answers already in the body, validated by the server on every request); null without one.
 */
async function typedStepAnswers(base, token, templateId) {
  const { steps, asked, total } = await walkQuestionnaire(base, token, templateId);
  const typedSteps = asked.flatMap((question, k) => (isTyped(question) ? [k] : []));
  if (typedSteps.length === 0) return null;
  const middle = total / 2;
  const k = typedSteps.reduce((best, step) =>
    Math.abs(step - middle) < Math.abs(best - middle) ? step : best,
  );
  const answers = steps[k];
  return {
    total,
    answers,
    next: asked[k],
    typed_answers_in_body: Object.keys(answers).filter((key) =>
      asked.some((question) => question.variable === key && isTyped(question)),
    ).length,
  };
}

/** The rounds' median of each figure; `rounds` keeps every round's requests per second. */
function summary(results) {
  const of = (pick) => median(results.map(pick));
  return {
    requests_per_s: Math.round(of((r) => r.requests.average)),
    latency_p50_ms: of((r) => r.latency.p50),
    latency_p99_ms: of((r) => r.latency.p99),
    non_2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    rounds: results.map((r) => Math.round(r.requests.average)),
    cpu_us_per_request: results.some((r) => r.cpuUsPerRequest === undefined)
      ? null
      : Number(of((r) => r.cpuUsPerRequest).toFixed(1)),
  };
}

/**
 * Per round, a load over the hello-world's in the same round, and their median: in requests
 * per second, and in CPU per request (the hello-world's µs over the load's).
 */
function ratio(runs, hellos) {
  const perRound = runs.map((run, k) => run.requests.average / hellos[k].requests.average);
  const cpu = runs.every((run) => run.cpuUsPerRequest !== undefined)
    ? runs.map((run, k) => hellos[k].cpuUsPerRequest / run.cpuUsPerRequest)
    : undefined;
  return {
    median: Number(median(perRound).toFixed(3)),
    rounds: perRound.map((r) => Number(r.toFixed(3))),
    cpu: cpu ? Number(median(cpu).toFixed(3)) : null,
  };
}

const serverPort = await freePort();
const base = `http://127.0.0.1:${serverPort}`;
rmSync(dataDir, { recursive: true, force: true });
let server;
let hello;
try {
  server = await startCompiledServer(serverPort);
  const token = await signIn(base);
  const list = await api(base, '/api/template', { token, method: 'GET' });
  const byName = (name) => list.results.find((candidate) => candidate.name === name);
  const template = byName(QUESTIONS_TEMPLATE) ?? (await publishSampleTemplate(base));
  const request = (templateId, answers) => ({
    url: `${base}/api/contract/questions?type=${encodeURIComponent(templateId)}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(answers),
  });
  /** name → { request, describe }: the loads measured on the server. */
  const loads = {};
  const walk = await midWalkAnswers(base, token, template.id);
  process.stderr.write(
    `[questions.bench] ${template.name}: ${walk.total} questions, ${Object.keys(walk.answers).length} answered\n`,
  );
  loads.questions = {
    request: request(template.id, walk.answers),
    describe: {
      template: template.name,
      questions_in_walk: walk.total,
      answers_in_body: Object.keys(walk.answers).length,
    },
  };
  // The next question being a typed one (issue 11): the NDA's, or the first published
  // template whose walk asks one.
  const typedCandidates = [
    ...list.results.filter((candidate) => candidate.name === TYPED_TEMPLATE),
    ...list.results.filter((candidate) => candidate.name !== TYPED_TEMPLATE),
  ];
  for (const candidate of typedCandidates) {
    const step = await typedStepAnswers(base, token, candidate.id);
    if (!step) continue;
    process.stderr.write(
      `[questions.bench] typed: ${candidate.name}, next ${step.next.variable} (${step.next.type}) after ${Object.keys(step.answers).length} answers\n`,
    );
    const check = await api(
      base,
      `/api/contract/questions?type=${encodeURIComponent(candidate.id)}`,
      { token, body: step.answers },
    );
    if (check?.type !== step.next.type) throw new Error(`expected a ${step.next.type} question`);
    loads.typed_question = {
      request: request(candidate.id, step.answers),
      describe: {
        template: candidate.name,
        next_question: { variable: step.next.variable, type: step.next.type },
        questions_in_walk: step.total,
        answers_in_body: Object.keys(step.answers).length,
        typed_answers_in_body: step.typed_answers_in_body,
      },
    };
    break;
  }

  const helloPort = await freePort();
  hello = await startHello(helloPort);
  const helloRequest = {
    url: `http://127.0.0.1:${helloPort}/`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  };
  // Both servers warmed before any measurement.
  await autocannon({ ...helloRequest, ...WARM_UP });
  for (const load of Object.values(loads)) await autocannon({ ...load.request, ...WARM_UP });
  const hellos = [];
  const runs = Object.fromEntries(Object.keys(loads).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    hellos.push(await measure(helloRequest, hello.pid));
    for (const [name, load] of Object.entries(loads)) {
      runs[name].push(await measure(load.request, server.pid));
    }
  }
  // The calibration: hello-worlds doing a fixed amount of work, one after the other.
  const helloMedian = {
    requests: median(hellos.map((h) => h.requests.average)),
    cpuUs: median(hellos.map((h) => h.cpuUsPerRequest ?? Number.NaN)),
  };
  const calibration = {};
  for (const workUs of CALIBRATION_WORK_US) {
    const port = await freePort();
    const worker = await startHello(port, workUs);
    try {
      const workRequest = { ...helloRequest, url: `http://127.0.0.1:${port}/` };
      await autocannon({ ...workRequest, ...WARM_UP });
      const run = await measure(workRequest, worker.pid);
      calibration[`hello_world_plus_${workUs}us`] = {
        requests_per_s: Math.round(run.requests.average),
        cpu_us_per_request:
          run.cpuUsPerRequest === undefined ? null : Number(run.cpuUsPerRequest.toFixed(1)),
        ratio_over_hello: Number((run.requests.average / helloMedian.requests).toFixed(3)),
        cpu_ratio_over_hello:
          run.cpuUsPerRequest === undefined
            ? null
            : Number((helloMedian.cpuUs / run.cpuUsPerRequest).toFixed(3)),
      };
    } finally {
      await stopServer(worker);
    }
  }
  const loadAverage = (await import('node:os')).loadavg().map((l) => Number(l.toFixed(2)));
  const figures = Object.fromEntries(
    Object.entries(loads).map(([name, load]) => [
      name,
      { ...load.describe, ...summary(runs[name]) },
    ]),
  );
  const ratios = Object.fromEntries(
    Object.keys(loads).map((name) => [name, ratio(runs[name], hellos)]),
  );
  console.log(
    JSON.stringify({
      load: LOAD,
      warm_up: WARM_UP,
      rounds: ROUNDS,
      load_average_after: loadAverage,
      questions: figures.questions,
      typed_question: figures.typed_question ?? {
        skipped: 'no published template asks a typed question',
      },
      hello_world: summary(hellos),
      ratio_questions_over_hello: ratios.questions.median,
      ratio_typed_question_over_hello: ratios.typed_question?.median ?? null,
      // The same ratios from the CPU each request cost its server (hello-world µs over ours).
      cpu_ratio_questions_over_hello: ratios.questions.cpu,
      cpu_ratio_typed_question_over_hello: ratios.typed_question?.cpu ?? null,
      calibration,
      ratio_rounds: Object.fromEntries(Object.entries(ratios).map(([name, r]) => [name, r.rounds])),
    }),
  );
} finally {
  if (server) await stopServer(server);
  if (hello) await stopServer(hello);
  rmSync(dataDir, { recursive: true, force: true });
}
