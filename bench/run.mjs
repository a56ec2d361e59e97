// Runs every benchmark of this folder in turn and prints one JSON object with their results.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const results = {};
for (const file of readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs'))
  .sort()) {
  const run = spawnSync(process.execPath, [join(here, file)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (run.status !== 0) {
    results[file] = { error: `exited with ${run.status}` };
    continue;
  }
  results[file] = JSON.parse(run.stdout);
}
console.log(JSON.stringify(results, null, 2));
