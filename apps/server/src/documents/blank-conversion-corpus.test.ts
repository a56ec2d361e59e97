import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TQuestion } from '@lexpath/shared';
import type { TBlankChoice, TProposedField } from '@lexpath/shared/schemas/blank-conversion';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { convertBlanks } from './blank-conversion.ts';
import { type Blank, findBlanks } from './blank-finder.ts';
import { lintTemplate } from './lint.ts';
import { decodeXmlText, renderDocx } from './render.ts';
import type { TemplateAnswers } from './typed-answers.ts';
import { TEXT_PART } from './word-cleanup.ts';

/**
 * Every real form of the corpus (`corpus/real`) converted whole: a choice for each blank by a
 * simple rule (lines and placeholders a text question each, the boxes of a paragraph one choice,
 * gender forms agreeing with a `parte`), then the converted master must hold none of its blanks,
 * pass the lint with the returned questions, and render the answers where the blanks were.
 */

const REAL_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'corpus/real');
const SLUGS = readdirSync(REAL_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const isBox = (blank: Blank) =>
  blank.kind === 'checkbox' || (blank.kind === 'formField' && blank.text === 'FORMCHECKBOX');

/** The rule a test can state: what an editor accepting every proposal would send. */
function choicesFor(blanks: Blank[]): TBlankChoice[] {
  const boxesByParagraph = new Map<string, Blank[]>();
  for (const blank of blanks.filter(isBox)) {
    const key = `${blank.file}#${blank.index}`;
    boxesByParagraph.set(key, [...(boxesByParagraph.get(key) ?? []), blank]);
  }
  let rows: { variable: string; fields: TProposedField[] } | undefined;
  return blanks.map((blank, index): TBlankChoice => {
    if (blank.kind === 'tableRows') {
      // A column headed «Importo» holds money; every other column text.
      const fields = (blank.columns ?? []).map(
        (label, column): TProposedField => ({
          variable: /^importo$/i.test(label) ? 'importo' : `colonna_${column + 1}`,
          label,
          type: /^importo$/i.test(label) ? 'importo' : 'testo',
        }),
      );
      rows = { variable: `righe_${index + 1}`, fields };
      return {
        id: blank.id,
        proposal: { variable: rows.variable, question: 'Righe', type: 'elenco', fields },
      };
    }
    if (blank.kind === 'total' && rows) {
      return {
        id: blank.id,
        proposal: {
          variable: rows.variable,
          question: 'Righe',
          type: 'elenco',
          fields: rows.fields,
          field: 'importo',
          aggregate: 'somma',
        },
      };
    }
    if (blank.kind === 'gender') {
      return {
        id: blank.id,
        proposal: { variable: 'parte', question: 'Chi presenta la domanda', type: 'elenco' },
      };
    }
    if (isBox(blank)) {
      const group = boxesByParagraph.get(`${blank.file}#${blank.index}`) as Blank[];
      const variable = `scelta_${blank.index}_${blank.file.replace(/\W/g, '_')}`;
      if (group.length === 1) {
        return { id: blank.id, proposal: { variable, question: 'Confermi?', type: 'scelta' } };
      }
      const options = group.map((_box, n) => `Opzione ${n + 1}`);
      return {
        id: blank.id,
        proposal: {
          variable,
          question: 'Quali caselle?',
          type: 'scelta',
          options,
          multiple: true,
          option: options[group.indexOf(blank)],
        },
      };
    }
    if (blank.kind === 'boxRow') {
      return {
        id: blank.id,
        proposal: { variable: `caselle_${index + 1}`, question: 'Codice', type: 'testo' },
      };
    }
    return {
      id: blank.id,
      proposal: { variable: `campo_${index + 1}`, question: `Campo ${index + 1}`, type: 'testo' },
    };
  });
}

/** A code for a row of boxes: one character a box. */
const BOX_ANSWER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function sampleAnswers(questions: TQuestion[]): TemplateAnswers {
  const answers: Record<string, unknown> = {};
  for (const question of questions) {
    if (question.type === 'elenco') {
      // Two items: a list's rows are repeated and its total adds both amounts.
      const item = (n: number) =>
        Object.fromEntries(
          question.fields.map((field) => [
            field.variable,
            field.variable === 'genere'
              ? 'femminile'
              : field.type === 'importo'
                ? 1234.5
                : `Risposta ${question.variable}.${field.variable}.${n}`,
          ]),
        );
      answers[question.variable] = question.fields.some((field) => field.variable === 'genere')
        ? [item(1)]
        : [item(1), item(2)];
    } else if (question.type === 'scelta' || question.type === undefined) {
      answers[question.variable] = question.is_multiple_selection
        ? [question.options[0] as string]
        : (question.options[0] as string);
    } else if (question.variable.startsWith('caselle_')) {
      answers[question.variable] = BOX_ANSWER;
    } else {
      answers[question.variable] = `Risposta ${question.variable}`;
    }
  }
  return answers as TemplateAnswers;
}

/** Every text part's text, decoded: headers and footers hold blanks too. */
function allText(docx: Buffer): string {
  const zip = new PizZip(docx);
  return Object.keys(zip.files)
    .filter((name) => TEXT_PART.test(name))
    .map((name) =>
      [...(zip.file(name)?.asText() ?? '').matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<\/w:p>/g)]
        .map((match) => (match[1] === undefined ? '\n' : decodeXmlText(match[1])))
        .join(''),
    )
    .join('\n');
}

/** The parts the conversion rewrote are well-formed XML; every other part kept its bytes. */
function expectPartsSound(before: Buffer, after: Buffer): void {
  const original = new PizZip(before);
  const converted = new PizZip(after);
  expect(Object.keys(converted.files).sort()).toEqual(Object.keys(original.files).sort());
  for (const name of Object.keys(original.files)) {
    const was = original.file(name)?.asUint8Array();
    const is = converted.file(name)?.asUint8Array();
    if (TEXT_PART.test(name)) {
      execFileSync('xmllint', ['--noout', '-'], { input: is });
    } else {
      expect(Buffer.from(is ?? []).equals(Buffer.from(was ?? [])), name).toBe(true);
    }
  }
}

describe('converting every blank of the real forms', () => {
  const rows: Record<string, unknown>[] = [];

  it.each(SLUGS)('%s: no blank left, no lint error, the answers rendered', (slug) => {
    const bytes = readFileSync(path.join(REAL_DIR, slug, 'document.docx'));
    const blanks = findBlanks(bytes);
    const converted = convertBlanks(bytes, choicesFor(blanks));
    expectPartsSound(bytes, converted.master);
    const left = findBlanks(converted.master);
    const { errors } = lintTemplate({ master: converted.master, questions: converted.questions });
    const answers = sampleAnswers(converted.questions);
    const rendered = allText(
      renderDocx(converted.master, answers, { questions: converted.questions }),
    );
    const missing = converted.questions.filter(
      (question) =>
        question.type === 'testo' &&
        !rendered.includes(
          question.variable.startsWith('caselle_')
            ? // The row's first boxes, a paragraph each.
              [...BOX_ANSWER.slice(0, 8)].join('\n')
            : `Risposta ${question.variable}`,
        ),
    );
    rows.push({
      document: slug,
      blanks: blanks.length,
      converted: blanks.length - converted.skipped.length,
      skipped: converted.skipped.length,
      questions: converted.questions.length,
      lintErrors: errors.length,
      left: left.length,
      answersMissing: missing.length,
    });
    expect(errors).toEqual([]);
    expect(converted.skipped).toEqual([]);
    expect(
      left.map((blank) => `${blank.id} ${blank.kind} «${blank.text}» in «${blank.paragraph}»`),
    ).toEqual([]);
    expect(missing.map((question) => question.variable)).toEqual([]);
    // The lines and dots the answers replaced are gone from the bought document.
    expect(rendered).not.toMatch(/_{4,}/);
    // A party's forms agree with the answer: one woman.
    if (blanks.some((blank) => blank.text === 'nato/a')) expect(rendered).toMatch(/\bnata\b/);
    // A table's empty rows became one row per item, its total the sum of their amounts.
    for (const list of converted.questions.filter((question) =>
      question.variable.startsWith('righe_'),
    )) {
      if (list.type !== 'elenco') continue;
      const first = list.fields.find((field) => field.type === 'testo')?.variable;
      expect(rendered).toContain(`Risposta ${list.variable}.${first}.1`);
      expect(rendered).toContain(`Risposta ${list.variable}.${first}.2`);
    }
    if (blanks.some((blank) => blank.kind === 'total')) expect(rendered).toContain('2.469,00');
  });

  it('prints the table', () => {
    console.table(rows);
  });
});
