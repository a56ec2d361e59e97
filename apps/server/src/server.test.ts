import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from './config.ts';
import { isProcessAlive } from './db/processes.ts';
import { findFreePort } from './test/smtp.ts';

/*
 * The real process, as `npm start` runs it: embedded PostgreSQL, lock, seed, signals.
 * Each start costs seconds, so the scenario is one story told in order.
 */

const SERVER_ENTRY = path.join(REPOSITORY_ROOT, 'apps/server/src/server.ts');

type RunningServer = {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
};

let dataDir: string;
const started: RunningServer[] = [];

async function startServer(): Promise<RunningServer> {
  const port = await findFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPOSITORY_ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      JWT_SECRET: '',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const server = { child, port, output: () => output, exited };
  started.push(server);
  return server;
}

async function waitUntilHealthy(server: RunningServer): Promise<void> {
  const deadline = Date.now() + 45_000;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`server exited (${exitCode}) before serving:\n${server.output()}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not healthy in time:\n${server.output()}`);
}

function loginAsDemoAdmin(server: RunningServer) {
  return fetch(`http://127.0.0.1:${server.port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pec: 'admin@pec.demo.it', password: 'Demo2026!' }),
  });
}

/** The embedded PostgreSQL's URL, from the server's own log line and password file. */
async function embeddedDatabaseUrl(server: RunningServer): Promise<string> {
  const line = server
    .output()
    .split('\n')
    .reverse()
    .find((entry) => entry.includes('embedded PostgreSQL started'));
  const port = line ? (JSON.parse(line) as { port: number }).port : undefined;
  const password = (await readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/lexpath`;
}

async function query<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  values: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

async function postmasterPid(): Promise<number | undefined> {
  try {
    const text = await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
    return Number(text.split('\n')[0]);
  } catch {
    return undefined;
  }
}

/** Command lines of the running processes that name `marker`, from /proc. */
function processesNaming(marker: string): string[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return cmdline.includes(marker) ? [cmdline] : [];
      } catch {
        return [];
      }
    });
}

beforeAll(async () => {
  const root = path.join(REPOSITORY_ROOT, '.test-data');
  await mkdir(root, { recursive: true });
  dataDir = await mkdtemp(path.join(root, 'server-process-'));
  await chmod(dataDir, 0o755);
});

afterAll(async () => {
  for (const server of started) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  const pid = await postmasterPid();
  if (pid && isProcessAlive(pid)) process.kill(pid, 'SIGINT');
  await rm(dataDir, { recursive: true, force: true });
});

describe('the server process on the embedded PostgreSQL', () => {
  let first: RunningServer;
  let restarted: RunningServer;
  const CATEGORY = 'Scritta prima del kill -9';

  it('first start: serves /api/health and the seeded admin can sign in', async () => {
    first = await startServer();
    await waitUntilHealthy(first);

    const login = await loginAsDemoAdmin(first);
    expect(login.status).toBe(200);
    expect(((await login.json()) as { data: { role: string } }).data.role).toBe('admin');
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true);
  });

  it('starts no LibreOffice until a preview needs one: an idle server holds none', async () => {
    // Time enough for a listener started at boot to show: it is spawned before the server listens.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const listeners = processesNaming(`${path.basename(dataDir)}/pdf-pool`);
    expect(listeners).toEqual([]);
  });

  it('sends the mails of the outbox: a registration writes its .eml under DATA_DIR/mail', async () => {
    const response = await fetch(`http://127.0.0.1:${first.port}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Processo',
        surname: 'Reale',
        pec: 'processo.reale@pec.test.it',
        password: 'Processo#2026',
        terms_acceptance: true,
        terms_art_9_10: true,
        privacy: true,
      }),
    });
    expect(response.status).toBe(201);
    expect(first.output()).toContain('mail outbox worker started: no SMTP_URL');

    const folder = path.join(dataDir, 'mail');
    const deadline = Date.now() + 15_000;
    let files: string[] = [];
    while (files.length === 0 && Date.now() < deadline) {
      files = (await readdir(folder).catch(() => [])).filter((name) => name.endsWith('.eml'));
      if (files.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(folder, files[0] ?? ''), 'utf8');
    expect(eml).toMatch(/^To: processo\.reale@pec\.test\.it$/m);
    // The developer finds the link to click in the log.
    expect(first.output()).toMatch(
      /"links":\["http:\/\/localhost:\d+\/verify-email\?token=[\w-]+"\],"msg":"mail written to file"/,
    );
  });

  it('refuses a second server on the same DATA_DIR with a clear message', async () => {
    const second = await startServer();
    const code = await second.exited;

    expect(code).not.toBe(0);
    expect(second.output()).toContain(
      `Another LexPath server (pid ${first.child.pid}) is already using DATA_DIR=${dataDir}; stop it or set a different DATA_DIR`,
    );
    // The first one is unharmed.
    expect((await fetch(`http://127.0.0.1:${first.port}/api/health`)).status).toBe(200);
  });

  it('after kill -9 of the server, a restart comes up with every committed row', async () => {
    const url = await embeddedDatabaseUrl(first);
    await query(url, 'insert into categories (name) values ($1)', [CATEGORY]);
    const orphan = await postmasterPid();

    first.child.kill('SIGKILL');
    await first.exited;
    // PostgreSQL outlives its parent: the next start must deal with it.
    expect(orphan && isProcessAlive(orphan)).toBe(true);

    restarted = await startServer();
    await waitUntilHealthy(restarted);

    expect(orphan && isProcessAlive(orphan)).toBe(false);
    const rows = await query<{ name: string }>(
      await embeddedDatabaseUrl(restarted),
      'select name from categories where name = $1',
      [CATEGORY],
    );
    expect(rows).toEqual([{ name: CATEGORY }]);
    expect((await loginAsDemoAdmin(restarted)).status).toBe(200);
  });

  it('on SIGTERM exits 0 and stops its PostgreSQL', async () => {
    const postgres = await postmasterPid();
    expect(postgres && isProcessAlive(postgres)).toBe(true);

    restarted.child.kill('SIGTERM');

    expect(await restarted.exited).toBe(0);
    expect(postgres && isProcessAlive(postgres)).toBe(false);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  });
});
