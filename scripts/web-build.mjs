// The web app's production build, skipped when nothing it is built from has changed.
// `node scripts/web-build.mjs` (npm run build) always builds; `scripts/build-stale.mjs` builds only
// when `webBuildIsCurrent` says no.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What Vite reads to build apps/web/dist: the app, the shared package, the locked deps. */
export const WEB_BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/login.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'package-lock.json',
];

/**
 * Written into dist after a successful build. Inside dist on purpose: Vite empties dist when
 * it builds, so a build made any other way (or half a build) leaves no stamp and the next
 * start builds again. The static server never serves dotfiles.
 */
export const STAMP_FILE = '.build-stamp';

async function listFiles(root, relative) {
  const entries = await readdir(path.join(root, relative), { withFileTypes: true }).catch(
    (error) => {
      if (error.code === 'ENOTDIR') return undefined;
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  if (entries === undefined) return [relative];
  const files = [];
  for (const entry of entries) {
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(root, child)));
    else if (entry.isFile()) files.push(child);
  }
  return files;
}

/**
 * A hash of the names and contents of every input file. Contents rather than mtimes: a
 * checkout that touches files without changing them (or switches back to the built commit)
 * needs no build, and an edit always does, whatever the clock says.
 */
export async function webSourcesFingerprint(root = REPOSITORY_ROOT) {
  return sourcesFingerprint(WEB_BUILD_INPUTS, root);
}

/** The fingerprint of `inputs` (files or folders under `root`), for any build stamped so. */
export async function sourcesFingerprint(inputs, root = REPOSITORY_ROOT, keep = () => true) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const files = (await listFiles(root, input)).filter(keep).sort();
    for (const file of files) {
      hash.update(`${file}\0`);
      hash.update(await readFile(path.join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

function distDir(root) {
  return path.join(root, 'apps/web/dist');
}

/** True when apps/web/dist holds a finished build of exactly the current sources. */
export async function webBuildIsCurrent(root = REPOSITORY_ROOT) {
  const stamp = await readFile(path.join(distDir(root), STAMP_FILE), 'utf8').catch(() => '');
  return stamp.trim() === (await webSourcesFingerprint(root));
}

/** Records that dist holds the build of the sources as they are now. */
export async function writeWebBuildStamp(fingerprint, root = REPOSITORY_ROOT) {
  await writeFile(path.join(distDir(root), STAMP_FILE), `${fingerprint}\n`);
}

/**
 * Runs `vite build` for apps/web as a child process (signals reach it through `onChild`), then
 * writes the stamp. The fingerprint is taken before the build, so a file edited during the
 * build makes the next start build again.
 */
export async function buildWeb({ root = REPOSITORY_ROOT, onChild = () => {} } = {}) {
  const fingerprint = await webSourcesFingerprint(root);
  const child = spawn('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  onChild(child);
  const { code, signal } = await new Promise((resolve) => {
    child.on('exit', (exitCode, exitSignal) => resolve({ code: exitCode, signal: exitSignal }));
  });
  if (code !== 0) return { ok: false, code, signal };
  await writeWebBuildStamp(fingerprint, root);
  return { ok: true, code: 0, signal: null };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await buildWeb();
  process.exitCode = result.ok ? 0 : (result.code ?? 1);
}
