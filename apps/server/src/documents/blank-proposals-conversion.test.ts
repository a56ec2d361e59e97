import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TBlankChoice } from '@lexpath/shared/schemas/blank-conversion';
import { describe, expect, it } from 'vitest';
import { convertBlanks } from './blank-conversion.ts';
import { findBlanks } from './blank-finder.ts';
import { inspectBlanks } from './blank-proposals.ts';
import { lintTemplate } from './lint.ts';

/**
 * The two halves of «Converti gli spazi vuoti» together, on every real form of the corpus: an
 * editor who accepts every proposal of inspect-blanks as it comes gets a master that passes the
 * lint with the questions the conversion returns, with no blank left but the skipped ones, and
 * each party it agrees with asks its gender as the choice `accorda` reads.
 */

const REAL_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'corpus/real');
const SLUGS = readdirSync(REAL_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('every proposal accepted as it comes', () => {
  it.each(SLUGS)('%s: converts, passes the lint and leaves only the skipped blanks', (slug) => {
    const bytes = readFileSync(path.join(REAL_DIR, slug, 'document.docx'));
    const blanks = inspectBlanks(bytes);
    const choices: TBlankChoice[] = blanks.map((blank) =>
      blank.proposal ? { id: blank.id, proposal: blank.proposal } : { id: blank.id, skip: true },
    );

    const converted = convertBlanks(bytes, choices);

    const lint = lintTemplate({ master: converted.master, questions: converted.questions });
    expect(lint.errors).toEqual([]);
    // The question editor asks at least two answers of a choice: a proposal with one could not
    // be saved on the conversion screen (a lone «☐ altro» did, on the OCC forms).
    const asked = converted.questions.flatMap((question) =>
      question.type === 'elenco' ? question.fields : [question],
    );
    for (const choice of asked) {
      if (!('options' in choice) || !choice.options) continue;
      expect(new Set(choice.options).size, choice.variable).toBeGreaterThanOrEqual(2);
    }
    expect(findBlanks(converted.master).length).toBeLessThanOrEqual(converted.skipped.length);
    const parties = new Set(
      blanks.filter((blank) => blank.kind === 'gender').map((blank) => blank.proposal?.variable),
    );
    for (const question of converted.questions) {
      if (!parties.has(question.variable)) continue;
      expect(question.type, question.variable).toBe('elenco');
      const genere =
        question.type === 'elenco'
          ? question.fields.find((f) => f.variable === 'genere')
          : undefined;
      expect(genere?.options, question.variable).toEqual(['maschile', 'femminile']);
    }
  });
});
