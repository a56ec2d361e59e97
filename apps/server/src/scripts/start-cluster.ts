import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig, REPOSITORY_ROOT } from '../config.ts';
import { connectDatabase } from '../db/client.ts';
import { acquireDataDirLock, DataDirInUseError } from '../db/data-dir-lock.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { createLogger } from '../logger.ts';
import { seedDemoData } from '../seed.ts';
import { type RunningNginx, startNginx } from './nginx-proxy.ts';

/*
 * `npm run start:cluster`: what production runs, on one machine. Two LexPath instances on one
 * PostgreSQL (DATABASE_URL, else the embedded one in $DATA_DIR/pg, migrated and seeded as
 * `npm start` does), each with its own DATA_DIR ($DATA_DIR/instance-1, -2) and the same
 * JWT_SECRET, and nginx in front with deploy/nginx.conf on PORT (3000); the instances listen
 * on PORT+1 and PORT+2 of loopback. SIGINT or SIGTERM stops nginx, then the instances, then
 * PostgreSQL. An instance that stops alone stays stopped (nginx sends its requests to the
 * other): this is a way to watch the cluster, not a process manager.
 */

const SERVER_ENTRY = path.join(REPOSITORY_ROOT, 'apps/server/src/server.ts');
const INSTANCES = 2;

/** The seller of the embedded demo: the instances run on DATABASE_URL, which requires one. */
const DEMO_SELLER_ENV = {
  SELLER_DENOMINAZIONE: 'LexPath Demo S.r.l.',
  SELLER_PARTITA_IVA: '01234567897',
  SELLER_REGIME_FISCALE: 'RF01',
  SELLER_INDIRIZZO: 'via del Corso 100',
  SELLER_CAP: '00186',
  SELLER_COMUNE: 'Roma',
  SELLER_PROVINCIA: 'RM',
};

type Instance = { name: string; child: ChildProcess; port: number; exited: Promise<unknown> };

const say = (line: string) => process.stdout.write(`${line}\n`);

let config: ReturnType<typeof loadConfig>;
try {
  // The instances read the whole environment themselves; this checks it once, up front.
  config = loadConfig({ ...DEMO_SELLER_ENV, ...process.env, DATABASE_URL: undefined });
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
const logger = createLogger(config);
const baseDir = config.dataDir;
const instances: Instance[] = [];
let nginx: RunningNginx | undefined;
let embedded: EmbeddedPostgres | undefined;
let releaseLock: (() => Promise<void>) | undefined;
let stopping = false;

async function openDatabaseUrl(): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const lock = await acquireDataDirLock(baseDir);
  releaseLock = lock.release;
  embedded = await startEmbeddedPostgres({ dataDir: baseDir, logger });
  const { db, pool } = connectDatabase(embedded.url, logger);
  try {
    await runMigrations(pool);
    if ((await seedDemoData(db)).seeded) {
      say('first start: demo accounts created (admin@pec.demo.it …), password Demo2026!');
    }
  } finally {
    await pool.end();
  }
  return embedded.url;
}

function startInstance(index: number, databaseUrl: string, jwtSecret: string): Instance {
  const name = `instance-${index + 1}`;
  const port = config.port + index + 1;
  // --exit-with-parent: an instance must not outlive this command when it is killed outright.
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY, '--exit-with-parent'], {
    cwd: REPOSITORY_ROOT,
    env: {
      ...(process.env.DATABASE_URL ? {} : DEMO_SELLER_ENV),
      ...process.env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      DATA_DIR: path.join(baseDir, name),
      PORT: String(port),
      HOST: '127.0.0.1',
      // The proxy is on this machine's loopback: only its X-Forwarded-For names the client.
      TRUST_PROXY: process.env.TRUST_PROXY || '127.0.0.1',
      APP_URL: process.env.APP_URL ?? `http://localhost:${config.port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) say(`${name} | ${line}`);
    });
  }
  const exited = new Promise((resolve) => child.on('exit', resolve));
  void exited.then(() => {
    if (!stopping) say(`${name} stopped (exit ${child.exitCode ?? child.signalCode})`);
  });
  say(
    `${name} (pid ${child.pid}) starting on 127.0.0.1:${port}, DATA_DIR=${path.join(baseDir, name)}`,
  );
  return { name, child, port, exited };
}

/** Ready: PostgreSQL answers, the migrations are current and the change feed listens. */
async function waitUntilServing(instance: Instance): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null || instance.child.signalCode !== null) {
      throw new Error(`${instance.name} exited before serving`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${instance.port}/api/ready`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${instance.name} did not serve within 120 s`);
}

async function stopAll(exitCode: number): Promise<never> {
  stopping = true;
  setTimeout(() => {
    say('stopping took longer than 60 s; exiting anyway');
    process.exit(1);
  }, 60_000).unref();
  await nginx?.stop().catch(() => undefined);
  for (const instance of instances) {
    if (instance.child.exitCode === null && instance.child.signalCode === null) {
      instance.child.kill('SIGTERM');
    }
  }
  await Promise.all(instances.map((instance) => instance.exited));
  await embedded?.stop().catch(() => undefined);
  await releaseLock?.().catch(() => undefined);
  say('cluster stopped');
  process.exit(exitCode);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (!stopping) void stopAll(0);
  });
}

try {
  await mkdir(baseDir, { recursive: true });
  const databaseUrl = await openDatabaseUrl();
  // JWT_SECRET, else the one generated once into $DATA_DIR/jwt-secret: the same for both.
  const jwtSecret = config.jwtSecret;
  for (let index = 0; index < INSTANCES; index += 1) {
    instances.push(startInstance(index, databaseUrl, jwtSecret));
  }
  await Promise.all(instances.map(waitUntilServing));
  nginx = await startNginx({
    folder: path.join(baseDir, 'nginx'),
    ports: { listen: config.port, instances: [config.port + 1, config.port + 2] },
    onOutput: (line) => say(`nginx | ${line}`),
  });
  void nginx.exited.then(() => {
    if (!stopping) {
      say('nginx stopped: stopping the cluster');
      void stopAll(1);
    }
  });
  say(
    `LexPath cluster is ready at http://localhost:${config.port} (nginx, ${INSTANCES} instances)`,
  );
} catch (error) {
  if (error instanceof DataDirInUseError) say(error.message);
  else say(`the cluster did not start: ${error instanceof Error ? error.message : String(error)}`);
  await stopAll(1);
}
