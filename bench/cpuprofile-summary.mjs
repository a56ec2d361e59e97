// Where a V8 CPU profile (`node --cpu-prof`, e.g. from BENCH_CPU_PROFILE_DIR) spent its time:
// self time per module (npm package, node internals, the server's own files) and per function,
// and the inclusive time of the functions that matter most, as percentages of the busy time
// (idle excluded). Prints JSON.
//
//   node bench/cpuprofile-summary.mjs <file.cpuprofile> [--top 25] [--after-s 20]
//
// `--after-s` drops the samples of the first seconds (the server's start) so that the figures
// describe the load alone.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' }, 'after-s': { type: 'string', default: '0' } },
});
if (positionals.length !== 1) {
  process.stderr.write('usage: node bench/cpuprofile-summary.mjs <file.cpuprofile> [--top N]\n');
  process.exit(2);
}
const top = Number(values.top);
const afterUs = Number(values['after-s']) * 1e6;
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parents.set(child, node.id);

/** A module's name: the npm package, `node:internal`, or the file under the repository. */
function moduleOf(url) {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node:internal';
  const packages = url.split('/node_modules/');
  if (packages.length > 1) {
    const tail = packages[packages.length - 1].split('/');
    return tail[0].startsWith('@') ? `${tail[0]}/${tail[1]}` : tail[0];
  }
  const file = url.replace(/^file:\/\//, '');
  const at = file.search(/\/(apps|packages)\//);
  return at >= 0 ? file.slice(at + 1) : file;
}

function label(node) {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'} ${moduleOf(url)}:${lineNumber + 1}`;
}

const SPECIAL = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);
const selfByFunction = new Map();
const selfByModule = new Map();
const inclusive = new Map();
let busy = 0;
let idle = 0;
let elapsed = 0;
const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);

for (let i = 0; i < profile.samples.length; i += 1) {
  const us = profile.timeDeltas[i + 1] ?? 0;
  elapsed += profile.timeDeltas[i] ?? 0;
  if (elapsed < afterUs) continue;
  const node = nodes.get(profile.samples[i]);
  const name = node.callFrame.functionName;
  if (name === '(idle)') {
    idle += us;
    continue;
  }
  busy += us;
  const special = SPECIAL.has(name);
  add(selfByFunction, special ? name : label(node), us);
  add(selfByModule, special ? name : moduleOf(node.callFrame.url), us);
  // Inclusive: each function once per sample, however deep its recursion.
  const seen = new Set();
  for (let id = node.id; id !== undefined; id = parents.get(id)) {
    const frame = nodes.get(id);
    if (SPECIAL.has(frame.callFrame.functionName)) continue;
    const key = label(frame);
    if (seen.has(key)) continue;
    seen.add(key);
    add(inclusive, key, us);
  }
}

const percent = (us) => Number(((100 * us) / busy).toFixed(1));
const ranked = (map, n) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, us]) => ({ name, percent: percent(us) }));

console.log(
  JSON.stringify(
    {
      busy_ms: Math.round(busy / 1000),
      idle_ms: Math.round(idle / 1000),
      self_by_module: ranked(selfByModule, top),
      self_by_function: ranked(selfByFunction, top),
      inclusive_by_function: ranked(inclusive, top * 2),
    },
    null,
    1,
  ),
);
