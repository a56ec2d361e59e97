import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { REPOSITORY_ROOT } from '../config.ts';
import { findFreePort } from './smtp.ts';

const SERVER_ENTRY = path.join(REPOSITORY_ROOT, 'apps/server/src/server.ts');

/** What a server needs to issue invoices; a test's own seller, never a real one. */
export const TEST_SELLER_ENV = {
  SELLER_DENOMINAZIONE: 'Studio Prova S.r.l.',
  SELLER_PARTITA_IVA: '01234567897',
  SELLER_REGIME_FISCALE: 'RF01',
  SELLER_INDIRIZZO: 'Via Roma 1',
  SELLER_CAP: '00184',
  SELLER_COMUNE: 'Roma',
  SELLER_PROVINCIA: 'RM',
};

export type ServerProcess = {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  /** Resolves once /api/health answers 200; rejects if the process exits first. */
  healthy: (timeoutMs?: number) => Promise<void>;
  /** SIGTERM, then waits for the exit, then removes its DATA_DIR. */
  stop: () => Promise<void>;
};

/**
 * The real server process on an external PostgreSQL (DATABASE_URL), with a DATA_DIR of its
 * own under `.test-data/`, no LibreOffice and no web build.
 */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const root = path.join(REPOSITORY_ROOT, '.test-data');
  await mkdir(root, { recursive: true });
  const dataDir = await mkdtemp(path.join(root, 'server-process-'));
  await chmod(dataDir, 0o755);
  const port = await findFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPOSITORY_ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      JWT_SECRET: 'a-test-secret-of-at-least-thirty-two-characters',
      SOFFICE_PATH: '/nonexistent/soffice',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
      ...TEST_SELLER_ENV,
      ...env,
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
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    child,
    baseUrl,
    output: () => output,
    exited,
    healthy: async (timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (exitCode !== undefined) {
          throw new Error(`server exited (${exitCode}) before serving:\n${output}`);
        }
        try {
          if ((await fetch(`${baseUrl}/api/health`)).status === 200) return;
        } catch {
          // Not listening yet.
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`server not healthy in time:\n${output}`);
    },
    stop: async () => {
      if (exitCode === undefined && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
