import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { computeTotal, findNextQuestion, it as italian } from '@lexpath/shared';
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
 * Production on one machine, as `npm run start:cluster` runs it: two instances on one
 * PostgreSQL (the embedded package's, or Debian's 15 when the suite runs against it) behind
 * nginx with deploy/nginx.conf. One story told in order: each process start costs seconds.
 * Clients speak from their own loopback addresses (127.0.0.2, .3 …), so the instances' logs
 * and throttles show whether the client or the proxy (127.0.0.1) was seen.
 */

const CLUSTER_SCRIPT = path.join(REPOSITORY_ROOT, 'apps/server/src/scripts/start-cluster.ts');
const REGISTRATIONS_PER_HOUR = 2;
const ADMIN = { pec: 'admin@pec.demo.it', password: 'Demo2026!' };
const CLIENT = { lawyer: '127.0.0.2', reader: '127.0.0.3', admin: '127.0.0.4' };

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

let postgres: PostgresCluster;
let database: ReturnType<typeof connectDatabase>;
let dataDir: string;
let proxyPort: number;
let cluster: ChildProcess;
let clusterExited: Promise<number | null>;
let output = '';

/** One request on its own connection from `from`, to the proxy unless `port` says otherwise. */
function send(options: {
  method: string;
  path: string;
  from: string;
  port?: number;
  headers?: Record<string, string>;
  body?: unknown;
}): Promise<Answer> {
  const payload =
    options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: options.port ?? proxyPort,
        method: options.method,
        path: options.path,
        localAddress: options.from,
        agent: false,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': payload.length }
            : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const json = (answer: Answer) => JSON.parse(answer.body.toString()) as Record<string, unknown>;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A port with the next two free as well: the proxy's, then the instances'. */
async function threeFreePorts(): Promise<number> {
  for (;;) {
    const port = await findFreePort();
    if (port < 65_000 && (await isFree(port + 1)) && (await isFree(port + 2))) return port;
  }
}

function answerEverything(questions: TQuestion[]): TAnswers {
  const answers: Record<string, unknown> = {};
  for (let next = findNextQuestion(questions, answers as TAnswers); next; ) {
    answers[next.variable] = sampleAnswer(next);
    next = findNextQuestion(questions, answers as TAnswers);
  }
  return answers as TAnswers;
}

/** The lines an instance logged (the cluster prefixes them with its name), parsed. */
function instanceLog(name: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith(`${name} | {`))
    .map((line) => JSON.parse(line.slice(name.length + 3)) as Record<string, unknown>);
}

/** nginx's access log: client, request line, status, the instances tried in order. */
async function accessLog() {
  const text = await readFile(path.join(dataDir, 'nginx', 'access.log'), 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const match = /^(\S+) "(\S+) (\S+) [^"]*" (\d+) upstream=(.*) upstream_status=(.*)$/.exec(
        line,
      );
      if (!match) throw new Error(`unexpected access log line: ${line}`);
      return {
        client: match[1],
        method: match[2],
        url: match[3],
        status: Number(match[4]),
        upstreams: (match[5] ?? '').split(', '),
        upstreamStatuses: (match[6] ?? '').split(', ').map(Number),
      };
    });
}

beforeAll(async () => {
  postgres = await startPostgresCluster('nginx-cluster');
  database = connectDatabase(postgres.url);
  await runMigrations(database.pool);
  await seedDemoData(database.db);

  const root = path.join(REPOSITORY_ROOT, '.test-data');
  await mkdir(root, { recursive: true });
  dataDir = await mkdtemp(path.join(root, 'nginx-cluster-'));
  await chmod(dataDir, 0o755);
  proxyPort = await threeFreePorts();
  cluster = spawn(process.execPath, ['--import', 'tsx', CLUSTER_SCRIPT], {
    cwd: path.join(REPOSITORY_ROOT, 'apps/server'),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: postgres.url,
      PORT: String(proxyPort),
      JWT_SECRET: 'a-cluster-secret-of-at-least-thirty-two-characters',
      LOG_LEVEL: 'info',
      REGISTRATIONS_PER_HOUR: String(REGISTRATIONS_PER_HOUR),
      // No LibreOffice: the story is about the proxy; the .docx download needs none.
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
  clusterExited = new Promise((resolve) => cluster.on('exit', resolve));
  cluster.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  cluster.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 150_000;
  while (!output.includes('LexPath cluster is ready')) {
    if (cluster.exitCode !== null || Date.now() > deadline) {
      throw new Error(`the cluster did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 180_000);

afterAll(async () => {
  if (cluster && cluster.exitCode === null && cluster.signalCode === null) {
    cluster.kill('SIGTERM');
    await clusterExited;
  }
  await database?.pool.end();
  await postgres?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 90_000);

describe('two instances behind nginx (deploy/nginx.conf), one story in order', () => {
  it('a lawyer registers, is approved, buys and downloads through the proxy while requests alternate; an instance stopped with SIGTERM mid-journey loses no read and no acknowledged write', async () => {
    const started = performance.now();
    const readerStatuses: number[] = [];
    let reading = true;
    const reader = (async () => {
      while (reading) {
        const answer = await send({ method: 'GET', path: '/api/app-config', from: CLIENT.reader });
        readerStatuses.push(answer.status);
      }
    })();

    const journeyReads: Array<{ path: string; status: number }> = [];
    const writesSentAgain: string[] = [];
    const read = async (url: string, token?: string) => {
      const answer = await send({
        method: 'GET',
        path: url,
        from: CLIENT.lawyer,
        ...(token ? { headers: { authorization: token } } : {}),
      });
      journeyReads.push({ path: url, status: answer.status });
      return answer;
    };
    /** A lawyer's browser sends a write again after a 502 or 503: it was not acknowledged. */
    const write = async (method: string, url: string, body: unknown, token?: string) => {
      for (let attempt = 1; ; attempt += 1) {
        const answer = await send({
          method,
          path: url,
          from: CLIENT.lawyer,
          body,
          ...(token ? { headers: { authorization: token } } : {}),
        });
        if ((answer.status !== 502 && answer.status !== 503) || attempt === 3) return answer;
        writesSentAgain.push(`${method} ${url} ${answer.status}`);
      }
    };

    const pec = `cluster.${Date.now()}@pec.test.it`;
    const registered = await write('POST', '/api/auth/register', {
      name: 'Marta',
      surname: 'Proxy',
      pec,
      password: 'Cluster#2026',
      terms_acceptance: true,
      terms_art_9_10: true,
      privacy: true,
    });
    expect(registered.status, registered.body.toString()).toBe(201);
    const lawyerId = (json(registered).data as { id: string }).id;

    // The outbox worker of either instance writes the mail and logs its link.
    await expect.poll(() => output, { timeout: 20_000 }).toMatch(/verify-email\?token=[\w-]+/);
    const token = /verify-email\?token=([\w-]+)/.exec(output)?.[1] ?? '';
    const verified = await write('POST', `/api/auth/verify-email?token=${token}`, undefined);
    expect(verified.status, verified.body.toString()).toBe(200);

    const adminLogin = await send({
      method: 'POST',
      path: '/api/auth/login',
      from: CLIENT.admin,
      body: ADMIN,
    });
    expect(adminLogin.status).toBe(200);
    const approved = await send({
      method: 'POST',
      path: '/api/auth/change-user-status',
      from: CLIENT.admin,
      headers: { authorization: String(adminLogin.headers.authorization) },
      body: { userId: lawyerId, status: 'confermato' },
    });
    expect(approved.status, approved.body.toString()).toBe(200);

    const login = await write('POST', '/api/auth/login', { pec, password: 'Cluster#2026' });
    expect(login.status, login.body.toString()).toBe(200);
    const authorization = String(login.headers.authorization);
    expect(
      (await write('PUT', `/api/user/${lawyerId}/billing`, SAMPLE_BILLING, authorization)).status,
    ).toBe(200);
    expect((await read('/api/category', authorization)).status).toBe(200);

    const [template] = (
      await database.pool.query<{ id: string; questions: TQuestion[]; price_cents: number }>(
        `select t.id, v.json_questions as questions, t.price_cents
           from templates t join template_versions v on v.id = t.current_version_id
          where t.name ilike '%riservatezza%'`,
      )
    ).rows;
    if (!template) throw new Error('the demo data is missing');
    const contract = await write(
      'PUT',
      '/api/contract/',
      { type: template.id, answers: {}, status: 'TO_COMPLETE' },
      authorization,
    );
    expect(contract.status, contract.body.toString()).toBe(200);
    const contractId = (json(contract).data as { id: string }).id;
    const completed = await write(
      'PUT',
      `/api/contract/${contractId}`,
      { answers: answerEverything(template.questions), status: 'COMPLETED' },
      authorization,
    );
    expect(completed.status, completed.body.toString()).toBe(200);
    expect((await read('/api/contract?page=1', authorization)).status).toBe(200);

    // Mid-journey: instance-2 stops gracefully while the reader keeps asking.
    const pid = Number(/instance-2 \(pid (\d+)\)/.exec(output)?.[1]);
    process.kill(pid, 'SIGTERM');
    const stoppedAt = performance.now();

    const checkout = await write(
      'POST',
      '/api/payment/local-checkout',
      { contractId },
      authorization,
    );
    expect(checkout.status, checkout.body.toString()).toBe(200);
    const paid = await write(
      'POST',
      '/api/payment',
      {
        transactionId: (json(checkout).data as { session_id: string }).session_id,
        price: (computeTotal(template.price_cents).totalCents / 100).toFixed(2),
        contractId,
      },
      authorization,
    );
    expect(paid.status, paid.body.toString()).toBe(200);
    const paymentId = (json(paid).data as { id: string }).id;

    const downloads: Buffer[] = [];
    for (let round = 0; round < 4; round += 1) {
      const answer = await read(`/api/contract/download/${contractId}`, authorization);
      expect(answer.status).toBe(200);
      downloads.push(answer.body);
    }
    const [invoice] = (
      await database.pool.query<{ id: string }>('select id from invoices where payment_id = $1', [
        paymentId,
      ])
    ).rows;
    const invoiceXml = await read(`/api/invoice/${invoice?.id}/xml`, authorization);
    expect(invoiceXml.status).toBe(200);
    expect(invoiceXml.body.toString()).toContain(SAMPLE_BILLING.codice_fiscale);

    await expect.poll(() => output, { timeout: 40_000 }).toMatch(/instance-2 stopped \(exit 0\)/);
    // Reads go on until one has met the stopped instance (at once, or after nginx's 10 s
    // fail_timeout when a failure had already set it aside) and been retried.
    const retriedGets = async () =>
      (await accessLog()).filter((entry) => entry.method === 'GET' && entry.upstreams.length > 1)
        .length;
    await expect.poll(retriedGets, { timeout: 20_000, interval: 200 }).toBeGreaterThan(0);
    reading = false;
    await reader;
    const journeyMs = Math.round(performance.now() - started);

    // Every read answered, those that met the stopping instance after a retry by the proxy.
    expect(readerStatuses.filter((status) => status !== 200)).toEqual([]);
    expect(journeyReads.filter((entry) => entry.status !== 200)).toEqual([]);
    expect(downloads[0]?.subarray(0, 2).toString()).toBe('PK');
    for (const bytes of downloads) expect(bytes.equals(downloads[0] ?? Buffer.alloc(0))).toBe(true);

    const log = await accessLog();
    const [first, second] = [proxyPort + 1, proxyPort + 2].map((port) => `127.0.0.1:${port}`);
    const journey = log.filter((entry) => entry.client === CLIENT.lawyer);
    const servedBy = (upstream: string | undefined) =>
      journey.filter((entry) => entry.upstreams.at(-1) === upstream).length;
    const retried = log.filter((entry) => entry.upstreams.length > 1);
    const figures = {
      postgres: postgres.version,
      journeyRequests: journey.length,
      perInstance: { 'instance-1': servedBy(first), 'instance-2': servedBy(second) },
      readerRequests: readerStatuses.length,
      retriedByProxy: retried.length,
      writesSentAgainByClient: writesSentAgain,
      unusual: log.filter((entry) => entry.status >= 500 || entry.upstreams.length > 1),
      stoppedAfterMs: Math.round(stoppedAt - started),
      journeyMs,
    };
    console.log(JSON.stringify(figures));

    expect(figures.perInstance['instance-1']).toBeGreaterThan(0);
    expect(figures.perInstance['instance-2']).toBeGreaterThan(0);
    expect(retried.length).toBeGreaterThan(0);
    for (const entry of retried) {
      expect(entry.upstreams).toEqual([second, first]);
      expect(entry.status).toBeLessThan(300);
      // A write is passed on only when the stopped instance refused it (nginx logs 502 for a
      // connection error); a read also after the stopping instance's 503.
      if (entry.method !== 'GET') expect(entry.upstreamStatuses[0]).toBe(502);
    }
    // Each instance's own log shows the lawyer (not the proxy) on the journey's requests.
    for (const name of ['instance-1', 'instance-2']) {
      const served = instanceLog(name).filter(
        (line) =>
          line.msg === 'request completed' &&
          (line.req as { remoteAddress?: string }).remoteAddress === CLIENT.lawyer,
      );
      expect(served.length, name).toBeGreaterThan(0);
    }

    // Every acknowledged write is in the database, once.
    const rows = await database.pool.query<{ status: string; contracts: string; invoices: string }>(
      `select u.status,
              (select count(*) from contracts c where c.user_id = u.id) as contracts,
              (select count(*) from invoices i join payments p on p.id = i.payment_id
                where p.contract_id = $2) as invoices
         from users u where u.id = $1`,
      [lawyerId, contractId],
    );
    expect(rows.rows).toEqual([{ status: 'confermato', contracts: '1', invoices: '1' }]);
    const payment = await database.pool.query('select 1 from payments where id = $1', [paymentId]);
    expect(payment.rowCount).toBe(1);
  }, 150_000);

  it('the throttle counts the client nginx names, and ignores X-Forwarded-For from anyone but the proxy', async () => {
    const register = (from: string, label: string, options: { port?: number; forged?: string }) =>
      send({
        method: 'POST',
        path: '/api/auth/register',
        from,
        ...(options.port ? { port: options.port } : {}),
        ...(options.forged ? { headers: { 'x-forwarded-for': options.forged } } : {}),
        body: {
          name: 'Lia',
          surname: 'Limite',
          pec: `limite.${label}.${Date.now()}@pec.test.it`,
          password: 'Cluster#2026',
          terms_acceptance: true,
          terms_art_9_10: true,
          privacy: true,
        },
      });
    // One instance serves now (the other was stopped): its counts are the whole story.
    const throttled: number[] = [];
    for (let attempt = 0; attempt <= REGISTRATIONS_PER_HOUR; attempt += 1) {
      // A client's own X-Forwarded-For through the proxy is replaced by its real address.
      const answer = await register('127.0.0.5', `a${attempt}`, {
        forged: `198.51.100.${attempt}`,
      });
      throttled.push(answer.status);
      if (answer.status === 429) expect(json(answer).message).toBe(italian.errors.tooManyRequests);
    }
    expect(throttled).toEqual([...Array(REGISTRATIONS_PER_HOUR).fill(201), 429]);
    // Another client through the same proxy is not the one throttled.
    expect((await register('127.0.0.6', 'b', {})).status).toBe(201);

    // Straight to the instance from an address that is not the proxy: the header is the
    // client's own claim, and a new one each time does not buy new registrations.
    const direct: number[] = [];
    for (let attempt = 0; attempt <= REGISTRATIONS_PER_HOUR; attempt += 1) {
      const answer = await register('127.0.0.7', `c${attempt}`, {
        port: proxyPort + 1,
        forged: `203.0.113.${attempt}`,
      });
      direct.push(answer.status);
    }
    expect(direct).toEqual([...Array(REGISTRATIONS_PER_HOUR).fill(201), 429]);
    const seen = instanceLog('instance-1')
      .filter((line) => (line.req as { url?: string } | undefined)?.url === '/api/auth/register')
      .map((line) => (line.req as { remoteAddress: string }).remoteAddress);
    expect(seen).toEqual(expect.arrayContaining(['127.0.0.5', '127.0.0.6', '127.0.0.7']));
    expect(seen.some((address) => /^(198\.51\.100|203\.0\.113)\./.test(address))).toBe(false);
  }, 30_000);
});
