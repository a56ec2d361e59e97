// Starts the built app the way the e2e global setup does (built SPA + API on a fresh embedded
// PostgreSQL, demo accounts seeded) for the web benchmarks. 127.0.0.1 only.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { benchDataDir, freePort, REPO_ROOT, startServer, stopServer } from './server.mjs';

export { REPO_ROOT };
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DEMO_LAWYER = { pec: 'avvocato@pec.demo.it', password: 'Demo2026!' };

/**
 * `{ baseURL, stop }` of a production server over apps/web/dist. The PDF pool gets one
 * listener: the pages measured never convert, and a second soffice would only take CPU from
 * the browser being measured.
 */
export async function startBuiltApp(name) {
  if (!existsSync(join(REPO_ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` first');
  }
  const dataDir = benchDataDir(name);
  rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let child;
  const stop = async () => {
    if (child) await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    ({ child } = await startServer({
      port,
      dataDir,
      env: { APP_URL: baseURL, NODE_ENV: 'production', PDF_POOL_SIZE: '1' },
      timeoutMs: 120_000,
      pollMs: 200,
    }));
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
