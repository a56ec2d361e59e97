// `npm start` as a person runs it (issue 13): the first start on a fresh DATA_DIR (initdb,
// migrations, demo seed) and a restart on the same one, each timed from the spawn of `npm start`
// to `/api/health` answering 200; then the resident memory (VmRSS) of every process of the tree
// at idle, LibreOffice listeners included once warm. Builds are whatever the checkout holds:
// `web_build_current` and `server_build_current` say whether a build ran inside the first start.
// Prints JSON. Targets 127.0.0.1 only; every loop is bounded.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { benchDataDir, freePort, startServer, stopServer } from './support/server.mjs';

const dataDir = benchDataDir('start');
/** How long the tree is left alone before its memory is read: the warm-ups are over by then. */
const IDLE_MS = Number(process.env.START_BENCH_IDLE_MS ?? 20_000);

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

/** `npm start` from the repository, timed from its spawn to the first healthy answer. */
function npmStart(port) {
  return startServer({
    port,
    dataDir,
    command: 'npm',
    args: ['start'],
    env: { LOG_LEVEL: 'warn' },
    pollMs: 20,
  });
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
  result.first_sigterm_to_exit_ms = await stopServer(first.child, { killAfterMs: 15_000 });

  const second = await npmStart(port);
  result.restart_to_healthy_ms = second.ms;
  await new Promise((r) => setTimeout(r, IDLE_MS));
  result.idle = treeMemory(second.child.pid);
  result.sigterm_to_exit_ms = await stopServer(second.child, { killAfterMs: 15_000 });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.stderr.write(
  `[start.bench] first ${result.first_start_to_healthy_ms} ms, restart ${result.restart_to_healthy_ms} ms, idle ${result.idle?.total_rss_mb} MB\n`,
);
console.log(JSON.stringify(result));
