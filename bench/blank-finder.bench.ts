// The blank finder (issue 22) on the largest document of the real corpus
// (`apps/server/src/documents/corpus/real`), and the whole Word-habits lint of it as a master,
// which the document workers run on every upload. Run through tsx; prints one JSON object.
// Local work only; every loop is bounded in count and time.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import PizZip from 'pizzip';
import { findBlanks } from '../apps/server/src/documents/blank-finder.ts';
import { TEXT_PART } from '../apps/server/src/documents/word-cleanup.ts';
import { lintWordHabits } from '../apps/server/src/documents/word-habits.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const corpus = join(repoRoot, 'apps/server/src/documents/corpus/real');

/** The characters of a document's text parts: what the finder reads. */
function textPartChars(bytes: Buffer): number {
  const zip = new PizZip(bytes);
  return Object.keys(zip.files)
    .filter((name) => TEXT_PART.test(name))
    .reduce((sum, name) => sum + (zip.file(name)?.asText().length ?? 0), 0);
}

/** The corpus document with the most text to read. */
const largest = readdirSync(corpus, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => readFileSync(join(corpus, entry.name, 'document.docx')))
  .map((bytes, index) => ({ bytes, index, chars: textPartChars(bytes) }))
  .sort((a, b) => b.chars - a.chars)[0];
const slugs = readdirSync(corpus, { withFileTypes: true }).filter((entry) => entry.isDirectory());
if (!largest) throw new Error('no corpus document');

function time(fn: () => unknown, runs: number, warmup: number, budgetMs: number) {
  for (let i = 0; i < warmup; i += 1) fn();
  const times: number[] = [];
  const end = performance.now() + budgetMs;
  while (times.length < runs && performance.now() < end) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  const sorted = times.sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return {
    runs: sorted.length,
    p50_ms: Number(at(0.5).toFixed(2)),
    p95_ms: Number(at(0.95).toFixed(2)),
  };
}

const finder = time(() => findBlanks(largest.bytes), 200, 20, 20_000);
const habits = time(() => lintWordHabits('master', largest.bytes), 200, 20, 20_000);
const [load1] = readFileSync('/proc/loadavg', 'utf8').split(' ');
console.log(
  JSON.stringify(
    {
      document: slugs[largest.index]?.name,
      document_bytes: largest.bytes.length,
      text_part_chars: largest.chars,
      blanks: findBlanks(largest.bytes).length,
      find_blanks: finder,
      lint_word_habits: habits,
      loadavg_1min: Number(load1),
    },
    null,
    2,
  ),
);
