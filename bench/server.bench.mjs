// Start-up, sign-in and health throughput of the real server on the embedded PostgreSQL.
// Prints JSON. Targets 127.0.0.1 only; every loop is bounded.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchDataDir, freePort, REPO_ROOT, startServer, stopServer } from './support/server.mjs';

const dataDir = benchDataDir('server');

/** Through tsx's own launcher, as this bench always measured it. */
const start = (port) =>
  startServer({
    port,
    dataDir,
    command: join(REPO_ROOT, 'node_modules/.bin/tsx'),
    args: ['apps/server/src/server.ts'],
  });

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
  const first = await start(port);
  const logins = await timeLogins(base, 8);
  const health = await autocannon({ url: `${base}/api/health`, connections: 10, duration: 5 });
  const stopMs = await stopServer(first.child);
  const second = await start(port);
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
