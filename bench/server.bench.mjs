// Start-up, sign-in and health throughput of the real server on the embedded PostgreSQL.
// Prints JSON. Targets 127.0.0.1 only; every loop is bounded.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataRoot = join(repoRoot, '.test-data');
mkdirSync(dataRoot, { recursive: true });
chmodSync(dataRoot, 0o755);
const dataDir = join(dataRoot, `bench-${process.pid}`);

function freePort() {
  return new Promise((ok) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

async function startServer(port) {
  const started = performance.now();
  const child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), ['apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
        return { child, ms: Math.round(performance.now() - started) };
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become healthy in 60 s');
}

async function stopServer(child) {
  const started = performance.now();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  return Math.round(performance.now() - started);
}

async function timeLogins(base, count) {
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const t = performance.now();
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${i}` },
      body: JSON.stringify({ pec: 'avvocato@pec.demo.it', password: 'Demo2026!' }),
    });
    if (res.status !== 200) throw new Error(`login answered ${res.status}`);
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return {
    count,
    p50_ms: Math.round(times[Math.floor(count / 2)]),
    max_ms: Math.round(times[count - 1]),
  };
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
rmSync(dataDir, { recursive: true, force: true });
try {
  const first = await startServer(port);
  const logins = await timeLogins(base, 8);
  const health = await autocannon({ url: `${base}/api/health`, connections: 10, duration: 5 });
  const stopMs = await stopServer(first.child);
  const second = await startServer(port);
  await stopServer(second.child);
  console.log(
    JSON.stringify({
      first_start_to_healthy_ms: first.ms,
      restart_to_healthy_ms: second.ms,
      sigterm_to_exit_ms: stopMs,
      login: logins,
      health: {
        requests_per_s: Math.round(health.requests.average),
        latency_p50_ms: health.latency.p50,
        latency_p99_ms: health.latency.p99,
        non_2xx: health.non2xx,
      },
    }),
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
