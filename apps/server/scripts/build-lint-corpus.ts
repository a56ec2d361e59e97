/**
 * Writes the lint corpus's .docx files (issue 12, item 7) from their sources:
 * `npx tsx apps/server/scripts/build-lint-corpus.ts`. The output is byte-identical on every
 * run, and a test fails while the committed files are out of date.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCorpusFiles, CORPUS } from '../src/documents/corpus/catalog.ts';

const CORPUS_DIR = fileURLToPath(new URL('../src/documents/corpus/', import.meta.url));

for (const fixture of CORPUS) {
  const folder = path.join(CORPUS_DIR, fixture.slug);
  await mkdir(folder, { recursive: true });
  const files = buildCorpusFiles(fixture);
  for (const [name, bytes] of Object.entries(files)) {
    await writeFile(path.join(folder, name), bytes);
  }
  console.log(`${fixture.slug} (${fixture.outcome}): ${Object.keys(files).join(', ')}`);
}
