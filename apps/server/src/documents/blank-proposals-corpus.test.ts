import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { inspectBlanks, type QuestionType } from './blank-proposals.ts';

/**
 * The proposals on the real forms of `corpus/real`: each `expected-proposals.json` holds, for
 * every blank marked by hand, the question type a person reading the form gives it (null: a
 * signature line, nothing to ask). A found blank is matched to a marked one as in
 * `blank-finder-corpus.test.ts` (part, paragraph, kind, text), in order.
 */

const REAL_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'corpus/real');

type Expected = {
  paragraphs: {
    part: string;
    paragraph: string;
    blanks: { kind: string; text: string; type: QuestionType | null }[];
  }[];
};

const SLUGS = readdirSync(REAL_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

type Row = {
  documento: string;
  marcati: number;
  trovati: number;
  giusti: number;
  '%': string;
  /** The blanks that are not boxes (a box is always a choice): the labels' share. */
  '% senza caselle': string;
};

function compare(
  slug: string,
): Row & { right: number; found: number; written: number; writtenRight: number } {
  const expected = JSON.parse(
    readFileSync(path.join(REAL_DIR, slug, 'expected-proposals.json'), 'utf8'),
  ) as Expected;
  const types = new Map<string, (QuestionType | null)[]>();
  let marked = 0;
  for (const paragraph of expected.paragraphs) {
    for (const blank of paragraph.blanks) {
      const key = JSON.stringify([paragraph.part, paragraph.paragraph, blank.kind, blank.text]);
      types.set(key, [...(types.get(key) ?? []), blank.type]);
      marked += 1;
    }
  }
  let found = 0;
  let right = 0;
  let written = 0;
  let writtenRight = 0;
  for (const blank of inspectBlanks(readFileSync(path.join(REAL_DIR, slug, 'document.docx')))) {
    const key = JSON.stringify([blank.part, blank.paragraph, blank.kind, blank.text]);
    const queue = types.get(key);
    if (!queue || queue.length === 0) continue;
    const type = queue.shift();
    found += 1;
    const ok = (blank.proposal?.type ?? null) === type;
    if (ok) right += 1;
    if (type !== 'scelta') {
      written += 1;
      if (ok) writtenRight += 1;
    }
  }
  return {
    documento: slug,
    marcati: marked,
    trovati: found,
    giusti: right,
    '%': found === 0 ? '—' : ((100 * right) / found).toFixed(1),
    '% senza caselle': written === 0 ? '—' : ((100 * writtenRight) / written).toFixed(1),
    written,
    writtenRight,
    right,
    found,
  };
}

describe('blank proposals on real Italian forms', () => {
  it('every document has its hand-marked types, one per hand-marked blank', () => {
    for (const slug of SLUGS) {
      const blanks = JSON.parse(
        readFileSync(path.join(REAL_DIR, slug, 'expected-blanks.json'), 'utf8'),
      ) as Expected;
      const proposals = JSON.parse(
        readFileSync(path.join(REAL_DIR, slug, 'expected-proposals.json'), 'utf8'),
      ) as Expected;
      const strip = (expected: Expected) =>
        expected.paragraphs.map((paragraph) => [
          paragraph.part,
          paragraph.paragraph,
          paragraph.blanks.map((blank) => [blank.kind, blank.text]),
        ]);
      expect(strip(proposals), slug).toEqual(strip(blanks));
    }
  });

  it('names every variable in snake_case ASCII, with one question and one type per variable', () => {
    for (const slug of SLUGS) {
      const asked = new Map<string, string>();
      for (const { proposal } of inspectBlanks(
        readFileSync(path.join(REAL_DIR, slug, 'document.docx')),
      )) {
        if (!proposal) continue;
        expect(proposal.variable, slug).toMatch(/^[a-z][a-z0-9_]*$/);
        for (const field of proposal.fields ?? [])
          expect(field.variable, slug).toMatch(/^[a-z][a-z0-9_]*$/);
        const question = `${proposal.type}: ${proposal.question}`;
        expect(asked.get(proposal.variable) ?? question, `${slug} ${proposal.variable}`).toBe(
          question,
        );
        asked.set(proposal.variable, question);
      }
    }
  });

  it('proposes the right type for at least 80 % of the blanks found', () => {
    const rows = SLUGS.map(compare);
    const found = rows.reduce((sum, row) => sum + row.found, 0);
    const right = rows.reduce((sum, row) => sum + row.right, 0);
    const marked = rows.reduce((sum, row) => sum + row.marcati, 0);
    const written = rows.reduce((sum, row) => sum + row.written, 0);
    const writtenRight = rows.reduce((sum, row) => sum + row.writtenRight, 0);
    console.table([
      ...rows.map(({ right: _r, found: _f, written: _w, writtenRight: _wr, ...row }) => row),
      {
        documento: 'totale',
        marcati: marked,
        trovati: found,
        giusti: right,
        '%': ((100 * right) / found).toFixed(1),
        '% senza caselle': ((100 * writtenRight) / written).toFixed(1),
      },
    ]);
    for (const row of rows) expect(row.found, row.documento).toBeGreaterThan(0);
    expect(right / found).toBeGreaterThanOrEqual(0.8);
  });
});
