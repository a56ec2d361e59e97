// Runs every benchmark of this folder in turn and prints one JSON object with their results:
// `*.bench.mjs` with node, `*.bench.ts` (they import the TypeScript engine) with tsx.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/**
 * Benchmarks run more than once, each time with these arguments: the capacity's closed loop
 * (no think time, the default) and lawyers at a pace people keep (bench/README.md).
 */
const RUNS = {
  'capacity.bench.mjs': [[], ['--lawyers', '300', '--seconds', '90', '--think-ms', '2000']],
};
const tsx = join(here, '..', 'node_modules', '.bin', 'tsx');
const results = {};
for (const file of readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs') || f.endsWith('.bench.ts'))
  .sort()) {
  for (const extra of RUNS[file] ?? [[]]) {
    const [command, args] = file.endsWith('.ts')
      ? [tsx, [join(here, file), ...extra]]
      : [process.execPath, [join(here, file), ...extra]];
    const key = [file, ...extra].join(' ');
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
    if (run.status === 0 && figures) results[key] = figures;
    else if (figures) results[key] = { exit_status: run.status, ...figures };
    else results[key] = { error: `exited with ${run.status}` };
  }
}
console.log(JSON.stringify(results, null, 2));
