import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { computeTotal, findNextQuestion, it as italian, USER_STATUS } from '@lexpath/shared';
import type { TAnswers, TQuestion } from '@lexpath/shared/schemas/questions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleAnswer } from '../../../bench/support/sample-answers.mjs';
import { REPOSITORY_ROOT } from './config.ts';
import { connectDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { SAMPLE_BILLING } from './modules/contracts/test-contracts.ts';
import { seedDemoData } from './seed.ts';
import { type PostgresCluster, startPostgresCluster } from './test/postgres-cluster.ts';
import { findFreePort } from './test/smtp.ts';

/*
 * The real server process on a PostgreSQL an operator restarts (`pg_ctl restart -m fast`)
 * while lawyers buy documents: the embedded package's PostgreSQL, or Debian's 15 when the suite
 * runs against it. The server must stay up, answer 503 with Retry-After meanwhile, keep every
 * write it acknowledged, and serve again soon after PostgreSQL does.
 */

const SERVER_ENTRY = path.join(REPOSITORY_ROOT, 'apps/server/src/server.ts');
const BUYERS = 4;
const LAWYER = { pec: 'avvocato@pec.demo.it', password: 'Demo2026!' };

type Step = { at: number; status: number; retryAfter: string | null; message: unknown };

let cluster: PostgresCluster;
let dataDir: string;
let server: ChildProcess;
let baseUrl: string;
let output = '';
let database: ReturnType<typeof connectDatabase>;

async function waitUntilHealthy(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited before serving:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not healthy in time:\n${output}`);
}

/** Every question of the template answered as the questionnaire would, to the last one. */
function answerEverything(questions: TQuestion[]): TAnswers {
  const answers: Record<string, unknown> = {};
  for (let next = findNextQuestion(questions, answers as TAnswers); next; ) {
    answers[next.variable] = sampleAnswer(next);
    next = findNextQuestion(questions, answers as TAnswers);
  }
  return answers as TAnswers;
}

beforeAll(async () => {
  cluster = await startPostgresCluster('pg-restart');
  database = connectDatabase(cluster.url);
  await runMigrations(database.pool);
  await seedDemoData(database.db);

  const root = path.join(REPOSITORY_ROOT, '.test-data');
  await mkdir(root, { recursive: true });
  dataDir = await mkdtemp(path.join(root, 'pg-restart-server-'));
  await chmod(dataDir, 0o755);
  const port = await findFreePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPOSITORY_ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      JWT_SECRET: 'a-test-secret-of-at-least-thirty-two-characters',
      // No LibreOffice: this story is about the database, and previews would only slow it.
      SOFFICE_PATH: '/nonexistent/soffice',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
      SELLER_DENOMINAZIONE: 'Studio Prova S.r.l.',
      SELLER_PARTITA_IVA: '01234567897',
      SELLER_REGIME_FISCALE: 'RF01',
      SELLER_INDIRIZZO: 'Via Roma 1',
      SELLER_CAP: '00184',
      SELLER_COMUNE: 'Roma',
      SELLER_PROVINCIA: 'RM',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await waitUntilHealthy();
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await database?.pool.end();
  await cluster?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe(`a PostgreSQL restart while ${BUYERS} lawyers buy documents`, () => {
  it('keeps the server up, answers 503 with Retry-After meanwhile (/api/ready too), loses nothing acknowledged, and serves and is ready again within 10 s', async () => {
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(LAWYER),
    });
    expect(login.status).toBe(200);
    const authorization = login.headers.get('authorization') ?? '';
    const [lawyer] = (
      await database.pool.query<{ id: string }>('select id from users where pec = $1', [LAWYER.pec])
    ).rows;
    const [template] = (
      await database.pool.query<{ id: string; questions: TQuestion[]; price_cents: number }>(
        `select t.id, v.json_questions as questions, t.price_cents
           from templates t join template_versions v on v.id = t.current_version_id
          where t.name ilike '%riservatezza%'`,
      )
    ).rows;
    if (!lawyer || !template) throw new Error('the demo data is missing');
    const answers = answerEverything(template.questions);
    const total = (computeTotal(template.price_cents).totalCents / 100).toFixed(2);

    const steps: Step[] = [];
    const call = async (method: string, url: string, body: unknown) => {
      for (;;) {
        let response: Response;
        try {
          response = await fetch(`${baseUrl}${url}`, {
            method,
            headers: { 'content-type': 'application/json', authorization },
            body: JSON.stringify(body),
          });
        } catch (error) {
          throw new Error(`the server stopped answering (${String(error)}):\n${output}`);
        }
        const json = (await response.json()) as {
          data?: Record<string, string>;
          message?: unknown;
        };
        steps.push({
          at: performance.now(),
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          message: json.message,
        });
        if (response.status === 503) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        expect(response.status, `${method} ${url}: ${JSON.stringify(json)}`).toBe(200);
        return json.data ?? {};
      }
    };
    await call('PUT', `/api/user/${lawyer.id}/billing`, SAMPLE_BILLING);

    const acknowledged = { contracts: [] as string[], payments: [] as string[] };
    let buying = true;
    const buy = async () => {
      while (buying) {
        const started = await call('PUT', '/api/contract/', {
          type: template.id,
          answers: {},
          status: 'TO_COMPLETE',
        });
        const contractId = started.id as string;
        acknowledged.contracts.push(contractId);
        await call('PUT', `/api/contract/${contractId}`, { answers, status: 'COMPLETED' });
        const checkout = await call('POST', '/api/payment/local-checkout', { contractId });
        const payment = await call('POST', '/api/payment', {
          transactionId: checkout.session_id,
          price: total,
          contractId,
        });
        acknowledged.payments.push(payment.id as string);
      }
    };

    /** Restarts PostgreSQL under the buyers; resolves once each has bought again after it. */
    const outage = async (name: string, options?: { downMs?: number }) => {
      const started = performance.now();
      await cluster.restart(options);
      const accepting = performance.now();
      const paymentsBefore = acknowledged.payments.length;
      const deadline = accepting + 15_000;
      // Until every buyer bought again and the readiness probe saw the instance ready again
      // (the change feed reconnects on its own schedule, after the first purchases).
      const readyAfter = () => probes.some((step) => step.at > accepting && step.status === 200);
      while (
        (acknowledged.payments.length < paymentsBefore + BUYERS || !readyAfter()) &&
        performance.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const firstSuccess = steps.find((step) => step.at > accepting && step.status === 200);
      const readyAgain = probes.find((step) => step.at > accepting && step.status === 200);
      return {
        name,
        outageMs: Math.round(accepting - started),
        recoveryMs: firstSuccess ? Math.round(firstSuccess.at - accepting) : null,
        readyAgainMs: readyAgain ? Math.round(readyAgain.at - accepting) : null,
        notReady: probes.filter(
          (step) => step.at > started && step.at < accepting && step.status === 503,
        ).length,
        unavailable: steps.filter((step) => step.at > started && step.status === 503).length,
        purchasesAfter: acknowledged.payments.length - paymentsBefore,
      };
    };
    // What a proxy's readiness probe sees meanwhile.
    const probes: Step[] = [];
    let probing = true;
    const probe = async () => {
      while (probing) {
        const response = await fetch(`${baseUrl}/api/ready`);
        probes.push({
          at: performance.now(),
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          message: ((await response.json()) as { message?: unknown }).message,
        });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const prober = probe();
    const buyers = Array.from({ length: BUYERS }, () => buy());
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const outages = [
      await outage('pg_ctl restart -m fast'),
      await outage('stopped for 2 s, then started', { downMs: 2000 }),
    ];
    buying = false;
    await Promise.all(buyers);
    probing = false;
    await prober;
    const unavailable = steps.filter((step) => step.status === 503);
    console.log(
      JSON.stringify({
        postgres: cluster.version,
        buyers: BUYERS,
        outages,
        requests: steps.length,
        purchases: acknowledged.payments.length,
      }),
    );

    expect(server.exitCode, output).toBeNull();
    expect(output).not.toMatch(/Unhandled 'error' event|uncaughtException|unhandledRejection/);
    for (const { recoveryMs, purchasesAfter } of outages) {
      expect(recoveryMs).not.toBeNull();
      expect(recoveryMs).toBeLessThan(10_000);
      expect(purchasesAfter).toBeGreaterThanOrEqual(BUYERS);
    }
    // The buyers were turned away while there was no PostgreSQL, not only after.
    expect(outages[1]?.unavailable).toBeGreaterThan(0);
    // Readiness went down with PostgreSQL and came back soon after it.
    expect(outages[1]?.notReady).toBeGreaterThan(0);
    for (const { readyAgainMs } of outages) {
      expect(readyAgainMs).not.toBeNull();
      expect(readyAgainMs).toBeLessThan(10_000);
    }
    for (const step of probes.filter((probe) => probe.status !== 200)) {
      expect(step.status).toBe(503);
      expect(step.retryAfter).toMatch(/^\d+$/);
      expect([italian.errors.databaseUnavailable, italian.operations.notReady]).toContain(
        step.message,
      );
    }
    for (const step of unavailable) {
      expect(step.retryAfter).toMatch(/^\d+$/);
      expect(step.message).toBe(italian.errors.databaseUnavailable);
    }

    // Every write the server acknowledged is in the database, paid and invoiced without a gap.
    const contracts = await database.pool.query<{ id: string }>(
      'select id from contracts where id = any($1)',
      [acknowledged.contracts],
    );
    expect(contracts.rowCount).toBe(acknowledged.contracts.length);
    const invoiced = await database.pool.query<{ id: string; number: number }>(
      `select p.id, i.number from payments p join invoices i on i.payment_id = p.id
        where p.id = any($1)`,
      [acknowledged.payments],
    );
    expect(invoiced.rowCount).toBe(acknowledged.payments.length);
    const numbers = (
      await database.pool.query<{ number: number }>('select number from invoices order by number')
    ).rows.map((row) => Number(row.number));
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));

    // The change feed is back, and the caches it keeps re-read after the outage: a suspension
    // made in the database (no request of this server saw it) ends the lawyer's session at once.
    await expect.poll(() => output, { timeout: 15_000 }).toMatch(/change feed reconnected/);
    const listed = await fetch(`${baseUrl}/api/contract?page=1`, { headers: { authorization } });
    expect(listed.status).toBe(200);
    await database.pool.query('update users set status = $1 where id = $2', [
      USER_STATUS.suspended,
      lawyer.id,
    ]);
    await expect
      .poll(
        async () =>
          (await fetch(`${baseUrl}/api/contract?page=1`, { headers: { authorization } })).status,
        { timeout: 2000, interval: 100 },
      )
      .toBe(401);
  }, 120_000);
});
