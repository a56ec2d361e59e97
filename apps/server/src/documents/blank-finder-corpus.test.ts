import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type BlankKind, findBlanks } from './blank-finder.ts';

/**
 * The blank finder on real Italian forms written by others (`corpus/real`): the blanks marked by
 * hand in each `expected-blanks.json` against those found. A blank counts as found when the same
 * part, paragraph, kind and text come out of the finder.
 */

const REAL_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'corpus/real');

type Expected = {
  paragraphs: { part: string; paragraph: string; blanks: { kind: BlankKind; text: string }[] }[];
};

const SLUGS = readdirSync(REAL_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

type Row = { document: string; marked: number; found: number; missed: number; extra: number };

function compare(slug: string): Row {
  const expected = JSON.parse(
    readFileSync(path.join(REAL_DIR, slug, 'expected-blanks.json'), 'utf8'),
  ) as Expected;
  const marked = expected.paragraphs.flatMap((paragraph) =>
    paragraph.blanks.map((blank) =>
      JSON.stringify([paragraph.part, paragraph.paragraph, blank.kind, blank.text]),
    ),
  );
  const found = findBlanks(readFileSync(path.join(REAL_DIR, slug, 'document.docx'))).map((blank) =>
    JSON.stringify([blank.part, blank.paragraph, blank.kind, blank.text]),
  );
  const unmatched = new Map<string, number>();
  for (const key of found) unmatched.set(key, (unmatched.get(key) ?? 0) + 1);
  let missed = 0;
  for (const key of marked) {
    const left = unmatched.get(key) ?? 0;
    if (left > 0) unmatched.set(key, left - 1);
    else missed += 1;
  }
  const extra = [...unmatched.values()].reduce((sum, n) => sum + n, 0);
  return { document: slug, marked: marked.length, found: found.length, missed, extra };
}

describe('blank finder on real Italian forms', () => {
  it('holds at least 12 documents, each with its source, licence and hand-marked blanks', () => {
    expect(SLUGS.length).toBeGreaterThanOrEqual(12);
    for (const slug of SLUGS) {
      const source = readFileSync(path.join(REAL_DIR, slug, 'SOURCE.md'), 'utf8');
      expect(source).toMatch(/Repository: https:\/\/github\.com\//);
      expect(source).toMatch(/Commit: `[0-9a-f]{40}`/);
      expect(source).toMatch(/Licence: /);
    }
  });

  it('finds at least 95 % of the blanks marked by hand', () => {
    const rows = SLUGS.map(compare);
    const total = rows.reduce(
      (sum, row) => ({
        document: 'totale',
        marked: sum.marked + row.marked,
        found: sum.found + row.found,
        missed: sum.missed + row.missed,
        extra: sum.extra + row.extra,
      }),
      { document: 'totale', marked: 0, found: 0, missed: 0, extra: 0 },
    );
    console.table([...rows, total]);
    for (const row of rows) expect(row.marked, row.document).toBeGreaterThan(0);
    const recall = (total.marked - total.missed) / total.marked;
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });
});
