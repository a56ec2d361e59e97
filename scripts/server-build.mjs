// The server compiled to one JavaScript file (issue 13): `node apps/server/dist/server.js` starts
// without tsx's loader compiling TypeScript in the process on every start, and holds less
// memory. Built by `npm install` (the root `prepare`) and by `npm start` when its sources changed
// since the last build (`scripts/build-stale.mjs`), stamped like the web build. `node
// scripts/server-build.mjs` always builds.
//
// esbuild bundles the server's sources and `@lexpath/shared` (TypeScript, which plain node
// cannot load from node_modules); every npm package stays an import of node_modules, as it is
// from source. Each module's `import.meta.url` is its source file's, so every path a module
// finds next to itself (drizzle/, demo-templates/, the document worker, the UNO bridge) is the
// same file as when it runs through tsx.
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPOSITORY_ROOT, sourcesFingerprint } from './web-build.mjs';

/** What the bundle is made of: the server, the shared package, the locked deps, this script. */
export const SERVER_BUILD_INPUTS = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'package-lock.json',
  'scripts/server-build.mjs',
];

export const SERVER_DIST = 'apps/server/dist';
/** The entry `npm start` runs. */
export const SERVER_ENTRY = `${SERVER_DIST}/server.js`;
/** Written after a successful build: a failed or interrupted one leaves none. */
const STAMP_FILE = '.build-stamp';

/** Tests are not part of the server: editing one does not make the build stale. */
const isServerSource = (file) => !/\.test\.ts$|\/test\//.test(file);

export function serverSourcesFingerprint(root = REPOSITORY_ROOT) {
  return sourcesFingerprint(SERVER_BUILD_INPUTS, root, isServerSource);
}

/** True when apps/server/dist holds a finished build of exactly the current sources. */
export async function serverBuildIsCurrent(root = REPOSITORY_ROOT) {
  const stamp = await readFile(path.join(root, SERVER_DIST, STAMP_FILE), 'utf8').catch(() => '');
  return stamp.trim() === (await serverSourcesFingerprint(root));
}

/**
 * Gives every bundled module its own source file's `import.meta.url`, relative to the bundle
 * so that a moved checkout still works.
 */
function sourceUrls(outdir) {
  return {
    name: 'source-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        return {
          contents: source.replaceAll(
            'import.meta.url',
            `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
          ),
          loader: 'ts',
        };
      });
    },
  };
}

/** npm packages stay imports: only relative files and `@lexpath/*` are bundled. */
const keepPackagesExternal = {
  name: 'packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@lexpath/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** The document workers' tasks, compiled too so that no worker loads tsx (absent in tests). */
function documentTasks(root) {
  const tasks = path.join(root, 'apps/server/src/documents/document-tasks.ts');
  return existsSync(tasks) ? [tasks] : [];
}

/** Builds apps/server/dist/server.js, then stamps it. Resolves `{ ok, ms }`. */
export async function buildServer({ root = REPOSITORY_ROOT } = {}) {
  const started = performance.now();
  const fingerprint = await serverSourcesFingerprint(root);
  const outdir = path.join(root, SERVER_DIST);
  // Emptied first: chunks are named by their content, and old ones would pile up.
  await rm(outdir, { recursive: true, force: true });
  const esbuild = await import('esbuild');
  try {
    await esbuild.build({
      entryPoints: [path.join(root, 'apps/server/src/server.ts'), ...documentTasks(root)],
      outdir,
      // Every bundle and chunk at the top of dist: the source URLs above are relative to it.
      entryNames: '[name]',
      // What server.ts imports while PostgreSQL starts is a chunk of its own, whose packages load
      // then, not before the server's first line runs.
      splitting: true,
      // Where document-pool.ts finds the compiled tasks, relative to its source file.
      define: {
        __LEXPATH_COMPILED_TASKS__: JSON.stringify('../../dist/document-tasks.js'),
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Stack traces name the source files: `node --enable-source-maps` reads them.
      sourcemap: 'linked',
      logLevel: 'warning',
      plugins: [keepPackagesExternal, sourceUrls(outdir)],
      // Bundled CommonJS code (none today) could still `require` node's modules.
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
    });
  } finally {
    // esbuild's service process must not stay resident in the launcher.
    await esbuild.stop();
  }
  await writeFile(path.join(outdir, STAMP_FILE), `${fingerprint}\n`);
  return { ok: true, ms: Math.round(performance.now() - started) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { ms } = await buildServer();
  process.stderr.write(`Server built into ${SERVER_ENTRY} in ${ms} ms\n`);
}
