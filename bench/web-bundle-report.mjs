// What a public page's JavaScript is made of: every chunk the page loads before its form shows
// (/login: the stand-alone login page's entry and its static imports; another public route: the
// app's entry, the route's chunk and their static imports), and inside them the
// bytes of each source module or package, read from the source maps. Compressed bytes per module
// are the chunk's real brotli size shared out in proportion to the module's minified bytes (brotli
// does not compress modules separately, so this is an estimate; chunk totals are exact).
//
//   BUNDLE_REPORT=1 npm run build -w apps/web   # builds with source maps
//   node bench/web-bundle-report.mjs [--modules] [--route login] [--dist apps/web/dist]
//
// Prints a table (per chunk, then per package/module); --json prints the data instead.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const DIST = args.includes('--dist')
  ? path.resolve(args[args.indexOf('--dist') + 1])
  : path.join(ROOT, 'apps/web/dist');
const route = args.includes('--route') ? args[args.indexOf('--route') + 1] : 'login';
const perModule = args.includes('--modules');
const asJson = args.includes('--json');

/** /login is a page of its own (apps/web/login.html); every other route is the app's. */
const standAlone = route === 'login' && existsSync(path.join(DIST, 'login.html'));
const pageFile = standAlone ? 'login.html' : 'index.html';
const html = readFileSync(path.join(DIST, pageFile), 'utf8');
const entry = html.match(/<script[^>]+src="\/(assets\/[^"]+\.js)"/)?.[1];
if (!entry) throw new Error(`no entry script in dist/${pageFile}`);

/** Static imports of a chunk (`import … from "./x.js"`, `import "./x.js"`), not `import()`. */
function staticImports(file) {
  const code = readFileSync(path.join(DIST, file), 'utf8');
  const found = new Set();
  for (const match of code.matchAll(/(?:from|import)\s*["'](\.\/[^"']+\.js)["']/g)) {
    found.add(path.posix.join(path.posix.dirname(file), match[1]));
  }
  return [...found];
}

function closure(start) {
  const seen = new Set();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

/** The route's chunk: the one whose source map holds `routes/public/<route>.tsx`. */
function routeChunk(name) {
  const candidates = readdirSync(path.join(DIST, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => `assets/${file}`)
    .filter((file) =>
      chunkSources(file).some((source) => source.endsWith(`/routes/public/${name}.tsx`)),
    );
  if (candidates.length !== 1) {
    throw new Error(
      `route ${name}: ${candidates.length} chunks hold it (source maps come with BUNDLE_REPORT=1)`,
    );
  }
  return candidates[0];
}

function chunkMap(file) {
  const mapFile = path.join(DIST, `${file}.map`);
  // Rolldown writes no map for its tiny runtime chunk; its bytes count as unmapped.
  if (!existsSync(mapFile)) return { sources: [], mappings: '' };
  return JSON.parse(readFileSync(mapFile, 'utf8'));
}

function chunkSources(file) {
  return chunkMap(file).sources;
}

/** A readable owner for a source: the npm package, or the path inside the repository. */
function owner(source, byModule) {
  const normalized = source.replaceAll('\\', '/');
  const nm = normalized.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = normalized.slice(nm + 'node_modules/'.length).split('/');
    const pkg = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    if (!byModule) return pkg;
    return `${pkg}/${rest.slice(rest[0].startsWith('@') ? 2 : 1).join('/')}`;
  }
  const inRepo = normalized;
  return byModule ? inRepo : inRepo.replace(/^(apps\/web\/src|packages\/shared\/src)\/.*/, '$1');
}

/** Minified bytes per source of one chunk, from its source map. */
function bytesPerSource(file) {
  const code = readFileSync(path.join(DIST, file), 'utf8');
  const map = chunkMap(file);
  const lines = code.split('\n');
  const mappings = decode(map.mappings);
  const bytes = new Map();
  let attributed = 0;
  mappings.forEach((segments, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    for (let i = 0; i < segments.length; i += 1) {
      const segment = segments[i];
      if (segment.length < 2) continue;
      const end = i + 1 < segments.length ? segments[i + 1][0] : line.length;
      const length = Buffer.byteLength(line.slice(segment[0], end));
      // Sources are relative to the map's folder; name them from the repository's root.
      const source = path.relative(
        ROOT,
        path.resolve(path.dirname(path.join(DIST, file)), map.sources[segment[1]]),
      );
      bytes.set(source, (bytes.get(source) ?? 0) + length);
      attributed += length;
    }
  });
  const total = Buffer.byteLength(code);
  if (total > attributed) bytes.set('(unmapped: runtime, glue)', total - attributed);
  return { total, bytes };
}

function brotliSize(file) {
  const br = path.join(DIST, `${file}.br`);
  if (existsSync(br)) return readFileSync(br).length;
  return brotliCompressSync(readFileSync(path.join(DIST, file)), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
}

const files = standAlone
  ? [...closure(entry)]
  : [...new Set([...closure(entry), ...closure(routeChunk(route))])];

const chunks = [];
const owners = new Map();
for (const file of files) {
  const { total, bytes } = bytesPerSource(file);
  const br = brotliSize(file);
  chunks.push({ file, raw: total, brotli: br });
  for (const [source, length] of bytes) {
    const key = owner(source, perModule);
    const row = owners.get(key) ?? { raw: 0, brotli: 0 };
    row.raw += length;
    row.brotli += (br * length) / total;
    owners.set(key, row);
  }
}
chunks.sort((a, b) => b.brotli - a.brotli);
const rows = [...owners]
  .map(([name, row]) => ({ name, raw: row.raw, brotli: Math.round(row.brotli) }))
  .sort((a, b) => b.brotli - a.brotli);
const totals = {
  route: `/${route}`,
  chunks: chunks.length,
  raw: chunks.reduce((sum, chunk) => sum + chunk.raw, 0),
  brotli: chunks.reduce((sum, chunk) => sum + chunk.brotli, 0),
};

if (asJson) {
  console.log(JSON.stringify({ totals, chunks, rows }, null, 2));
} else {
  const pad = (value, width) => String(value).padStart(width);
  console.log(
    `/${route}: ${totals.chunks} chunks, ${totals.raw} B minified, ${totals.brotli} B br`,
  );
  console.log('\nchunk                                        minified     brotli');
  for (const chunk of chunks) {
    console.log(`${chunk.file.padEnd(44)} ${pad(chunk.raw, 9)} ${pad(chunk.brotli, 9)}`);
  }
  console.log(
    `\n${perModule ? 'module' : 'package / area'}${' '.repeat(perModule ? 64 : 56)}minified  ~brotli`,
  );
  for (const row of rows) {
    if (row.brotli < (perModule ? 300 : 50)) continue;
    console.log(`${row.name.padEnd(70)} ${pad(row.raw, 9)} ${pad(row.brotli, 8)}`);
  }
}
