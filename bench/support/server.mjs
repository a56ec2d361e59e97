// The server process of a benchmark: a free loopback port, a DATA_DIR under .test-data, the
// spawn with its environment, the wait for its health answer, its log, and the SIGTERM stop.
// Every bench starts its servers through here. 127.0.0.1 only; every wait is bounded.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The server from its sources, as the e2e global setup and most benches run it. */
export const SERVER_FROM_SOURCES = ['--import', 'tsx', 'apps/server/src/server.ts'];

/** A port free on 127.0.0.1 now. */
export function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

/**
 * `.test-data/bench-<name>-<pid>`, the parent made traversable for the embedded PostgreSQL
 * (0755); the folder itself is the caller's to empty and remove.
 */
export function benchDataDir(name) {
  const dataRoot = join(REPO_ROOT, '.test-data');
  mkdirSync(dataRoot, { recursive: true });
  chmodSync(dataRoot, 0o755);
  return join(dataRoot, `bench-${name}-${process.pid}`);
}

/** Resolves once `url` answers 2xx; throws (and kills `child`) if it exits or `timeoutMs` passes. */
export async function waitHealthy(child, url, { timeoutMs = 60_000, pollMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  child.kill('SIGKILL');
  throw new Error(`${url} did not answer in ${Math.round(timeoutMs / 1000)} s`);
}

/**
 * Spawns a server on `port` and waits for `healthPath` to answer. `env` is laid over the bench's
 * own environment and the defaults (PORT, HOST, DATA_DIR, DATABASE_URL empty for the embedded
 * PostgreSQL, LOG_LEVEL error). `log`: 'ignore' (default), 'stderr' (the bench's stdout stays
 * its JSON), or 'pipe': `onSpawn(child)` then reads `child.stdout` from the start (a pipe
 * nobody drains fills up and stops the server). stderr always goes to the bench's. `ms`: from
 * the spawn to the first healthy answer.
 */
export async function startServer({
  port,
  dataDir,
  env = {},
  command = process.execPath,
  args = SERVER_FROM_SOURCES,
  cwd = REPO_ROOT,
  log = 'ignore',
  healthPath = '/api/health',
  timeoutMs = 60_000,
  pollMs = 100,
  onSpawn,
}) {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      DATABASE_URL: '',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', log === 'stderr' ? process.stderr : log, 'inherit'],
  });
  onSpawn?.(child);
  await waitHealthy(child, `http://127.0.0.1:${port}${healthPath}`, { timeoutMs, pollMs });
  return { child, ms: Math.round(performance.now() - started) };
}

/**
 * SIGTERM, then SIGKILL after `killAfterMs` (a graceful shutdown that hangs must not hold the
 * bench); resolves with the ms from SIGTERM to its exit (0 when it had exited already).
 */
export async function stopServer(child, { killAfterMs = 10_000 } = {}) {
  if (child.exitCode !== null || child.signalCode !== null) return 0;
  const started = performance.now();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  await exited;
  clearTimeout(timer);
  return Math.round(performance.now() - started);
}
