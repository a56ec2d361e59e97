// `npm start` as a person runs it (issue 13): the first start on a fresh DATA_DIR (initdb,
// migrations, demo seed) and a restart on the same one, each timed from the spawn of `npm start`
// to `/api/health` answering 200; then the resident memory (VmRSS) of every process of the tree
// at idle, LibreOffice listeners included once warm. Builds are whatever the checkout holds:
// `web_build_current` and `server_build_current` say whether a build ran inside the first start.
// Prints JSON. Targets 127.0.0.1 only; every loop is bounded.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataRoot = join(repoRoot, '.test-data');
mkdirSync(dataRoot, { recursive: true });
chmodSync(dataRoot, 0o755);
const dataDir = join(dataRoot, `bench-start-${process.pid}`);
/** How long the tree is left alone before its memory is read: the warm-ups are over by then. */
const IDLE_MS = Number(process.env.START_BENCH_IDLE_MS ?? 20_000);

function freePort() {
  return new Promise((ok) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

/** Every process below `pid`, from the ppid column of /proc/<pid>/stat. */
function descendantsOf(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {}
  }
  const found = [];
  const walk = (parent) => {
    for (const child of children.get(parent) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

function rssKb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** A short name for a process: npm, sh, node <script>, postgres <role>, soffice, python3. */
function labelOf(pid) {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const program = argv[0]?.split('/').pop() ?? '?';
    if (program === 'npm' || argv[1]?.endsWith('/npm-cli.js')) return 'npm';
    if (program === 'node') {
      const script = argv.slice(1).find((arg) => !arg.startsWith('-') && arg !== 'tsx');
      return `node ${script ?? ''}`.trim();
    }
    if (program.startsWith('postgres')) return argv[0].includes(':') ? argv[0] : 'postgres';
    return program;
  } catch {
    return '?';
  }
}

/** Resident memory of the tree under `pid` (itself included), per process and in total. */
function treeMemory(pid) {
  const processes = [pid, ...descendantsOf(pid)].map((p) => ({
    pid: p,
    process: labelOf(p),
    rss_mb: Math.round(rssKb(p) / 102.4) / 10,
  }));
  const total = processes.reduce((sum, p) => sum + p.rss_mb, 0);
  return { processes, total_rss_mb: Math.round(total * 10) / 10 };
}

async function npmStart(port) {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 1200; i += 1) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
        return { child, ms: Math.round(performance.now() - started) };
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill('SIGKILL');
  throw new Error('npm start did not become healthy in 60 s');
}

async function stop(child) {
  const started = performance.now();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
  return Math.round(performance.now() - started);
}

const { webBuildIsCurrent } = await import('../scripts/web-build.mjs');
const serverBuild = await import('../scripts/server-build.mjs').catch(() => undefined);
const result = {
  web_build_current: await webBuildIsCurrent(),
  server_build_current: serverBuild ? await serverBuild.serverBuildIsCurrent() : 'no server build',
};
rmSync(dataDir, { recursive: true, force: true });
try {
  const port = await freePort();
  const first = await npmStart(port);
  result.first_start_to_healthy_ms = first.ms;
  await new Promise((r) => setTimeout(r, IDLE_MS));
  result.idle_after_first_start = treeMemory(first.child.pid);
  result.first_sigterm_to_exit_ms = await stop(first.child);

  const second = await npmStart(port);
  result.restart_to_healthy_ms = second.ms;
  await new Promise((r) => setTimeout(r, IDLE_MS));
  result.idle = treeMemory(second.child.pid);
  result.sigterm_to_exit_ms = await stop(second.child);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.stderr.write(
  `[start.bench] first ${result.first_start_to_healthy_ms} ms, restart ${result.restart_to_healthy_ms} ms, idle ${result.idle?.total_rss_mb} MB\n`,
);
console.log(JSON.stringify(result));
