// `npm start`: builds the web app only when its sources changed since the last build, then runs
// the server as this process's only child. npm runs this file through `sh -c` with a single
// command, which the shell replaces by node, so a signal npm forwards lands here; it is passed
// on to the child and this process exits as the child does, with its code. Nothing outlives it.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { buildWeb, REPOSITORY_ROOT, webBuildIsCurrent } from './web-build.mjs';

const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/** The process running now: the build, then the server. */
let child;
/** The first stop signal received, if any. */
let stopSignal;

/** Ends this process with the child's code, or 128 + signal number as a shell reports it. */
function exitLike(code, signal) {
  process.exit(signal ? 128 + (constants.signals[signal] ?? 0) : (code ?? 1));
}

for (const signal of SIGNALS) {
  process.on(signal, () => {
    stopSignal ??= signal;
    // Ctrl-C in a terminal signals the child too; a second signal changes nothing for it.
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

async function buildWebIfStale() {
  // A server pointed at another build serves that one as it is.
  if (process.env.WEB_DIST_DIR) return;
  if (await webBuildIsCurrent()) return;
  process.stderr.write('Building the web app: its sources changed since the last build\n');
  const result = await buildWeb({
    onChild: (build) => {
      child = build;
    },
  });
  if (stopSignal) exitLike(null, stopSignal);
  if (!result.ok) exitLike(result.code, result.signal);
}

await buildWebIfStale();
if (stopSignal) exitLike(null, stopSignal);

// Plain node with tsx's loader, not the tsx CLI: one process, which the signal reaches directly.
// The IPC channel lets the server notice when this launcher dies without forwarding anything
// (kill -9): it then shuts down instead of running on as an orphan.
child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
  cwd: path.join(REPOSITORY_ROOT, 'apps/server'),
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
child.on('error', (error) => {
  process.stderr.write(`Could not start the server: ${error.message}\n`);
  process.exit(1);
});
child.on('exit', exitLike);
