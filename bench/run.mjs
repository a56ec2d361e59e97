// Runs every benchmark of this folder in turn and prints one JSON object with their results:
// `*.bench.mjs` with node, `*.bench.ts` (they import the TypeScript engine) with tsx.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const tsx = join(here, '..', 'node_modules', '.bin', 'tsx');
const results = {};
for (const file of readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs') || f.endsWith('.bench.ts'))
  .sort()) {
  const [command, args] = file.endsWith('.ts')
    ? [tsx, [join(here, file)]]
    : [process.execPath, [join(here, file)]];
  const run = spawnSync(command, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // A benchmark that measured but missed a budget exits 1 with its figures printed: keep them.
  let figures;
  try {
    figures = JSON.parse(run.stdout);
  } catch {
    figures = undefined;
  }
  if (run.status === 0 && figures) results[file] = figures;
  else if (figures) results[file] = { exit_status: run.status, ...figures };
  else results[file] = { error: `exited with ${run.status}` };
}
console.log(JSON.stringify(results, null, 2));
