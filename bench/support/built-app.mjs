// Starts the built app the way the e2e global setup does (built SPA + API on a fresh embedded
// PostgreSQL, demo accounts seeded) for the web benchmarks. 127.0.0.1 only.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DEMO_LAWYER = { pec: 'avvocato@pec.demo.it', password: 'Demo2026!' };

function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

async function waitHealthy(child, url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not healthy after ${timeoutMs} ms`);
}

/**
 * `{ baseURL, stop }` of a production server over apps/web/dist. The PDF pool gets one
 * listener: the pages measured never convert, and a second soffice would only take CPU from
 * the browser being measured.
 */
export async function startBuiltApp(name) {
  if (!existsSync(join(REPO_ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` first');
  }
  const dataRoot = join(REPO_ROOT, '.test-data');
  mkdirSync(dataRoot, { recursive: true });
  chmodSync(dataRoot, 0o755);
  const dataDir = join(dataRoot, `bench-${name}-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: baseURL,
      DATABASE_URL: '',
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      PDF_POOL_SIZE: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(child, `${baseURL}/api/health`, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}

/**
 * The demo lawyer's session as the web app keeps it in localStorage (apps/web/src/lib/storage.ts:
 * `userToken`, `userRefreshToken`, `user`); the tokens come in the login's response headers.
 */
export async function demoLawyerStorage(baseURL) {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_LAWYER),
  });
  const body = await response.json();
  const token = (response.headers.get('authorization') ?? '').replace(/^Bearer /, '');
  const refreshToken = response.headers.get('refresh') ?? '';
  if (!response.ok || !token || !refreshToken) {
    throw new Error(`login answered ${response.status} without tokens: ${JSON.stringify(body)}`);
  }
  return { userToken: token, userRefreshToken: refreshToken, user: JSON.stringify(body.data) };
}
