// Builds what `npm start` runs, each only when its sources changed since its last build: the web
// app (apps/web/dist) and the server compiled to JavaScript (apps/server/dist). `npm start` runs
// this first and then replaces its shell with the server (`exec`), so the running tree is npm,
// the server and what the server starts: no launcher or shell holding memory (issue 13). `npm
// install` runs it too (the root `prepare`), so the first start after an install builds nothing.
//
// A stop signal during a build stops the build and exits as a shell reports it; so does the
// death of the shell that started this (npm killed): no build outlives `npm start`.
import { constants } from 'node:os';
import { buildServer, serverBuildIsCurrent } from './server-build.mjs';
import { buildWeb, webBuildIsCurrent } from './web-build.mjs';

const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/** The web build running now, if any. */
let child;

function exitLike(code, signal) {
  process.exit(signal ? 128 + (constants.signals[signal] ?? 0) : (code ?? 1));
}

function stop(signal) {
  if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
  exitLike(null, signal);
}

for (const signal of SIGNALS) process.on(signal, () => stop(signal));
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 250).unref();

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
  child = undefined;
  if (!result.ok) exitLike(result.code, result.signal);
}

/** In this process (esbuild, about a second). */
async function buildServerIfStale() {
  if (await serverBuildIsCurrent()) return;
  process.stderr.write('Building the server: its sources changed since the last build\n');
  try {
    await buildServer();
  } catch (error) {
    process.stderr.write(`Could not build the server: ${error.message}\n`);
    process.exit(1);
  }
}

await buildWebIfStale();
await buildServerIfStale();
process.exit(0);
