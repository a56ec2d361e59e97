import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { LEXMIND_PEC } from './accounts.ts';
import { startMailbox } from './mailbox.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The captured mails are at `${mailboxURL}/mails` (see support/mailbox.ts). */
    mailboxURL: string;
    /**
     * The server's embedded PostgreSQL, for a journey that needs a state no screen makes in
     * reasonable time (a mail stopped after its twelve attempts).
     */
    databaseURL: string;
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms`);
}

/**
 * Starts the real app (built SPA + API on a fresh embedded PostgreSQL, seeded) once for all e2e
 * files, with its mail going over SMTP to a loopback mailbox the journeys read links from.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` before the e2e tests');
  }
  const testDataRoot = join(repoRoot, '.test-data');
  mkdirSync(testDataRoot, { recursive: true });
  chmodSync(testDataRoot, 0o755);
  const dataDir = join(testDataRoot, `e2e-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });

  const mailbox = await startMailbox();
  const port = await findFreePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), ['apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: baseURL,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SMTP_URL: mailbox.smtpUrl,
      LEXMIND_USERS: LEXMIND_PEC,
      // Every file registers its own lawyers from 127.0.0.1: more than the default ten an hour.
      REGISTRATIONS_PER_HOUR: '100',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseURL, child, 90_000);
  project.provide('baseURL', baseURL);
  project.provide('mailboxURL', mailbox.url);
  // The embedded PostgreSQL's port is the fourth line of its postmaster.pid.
  const pgPort = readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    ?.trim();
  const pgPassword = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
  project.provide(
    'databaseURL',
    `postgresql://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${pgPort}/lexpath`,
  );

  return async () => {
    const exited = new Promise((r) => child.once('exit', r));
    const stopping = Date.now();
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 8_000))]);
    if (child.exitCode === null) {
      console.error(
        `[e2e] server still running ${Date.now() - stopping} ms after SIGTERM; killing it`,
      );
      child.kill('SIGKILL');
    }
    await mailbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
