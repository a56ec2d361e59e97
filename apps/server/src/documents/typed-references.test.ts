import { it as messages, type QuestionRules } from '@lexpath/shared';
import { describe, expect, it } from 'vitest';
import { lintTemplate } from './lint.ts';
import { buildWordDocx, HEADING, LETTERED, paragraph, run } from './test-word-docx.ts';

/*
 * A reference typed by hand to a list Word numbers on its own goes wrong when a conditional item
 * of that list drops: the lint warns, and points to Word's cross-references.
 */

const QUESTIONS: QuestionRules[] = [
  {
    variable: 'deposito',
    question: 'È previsto un deposito?',
    options: ['Sì', 'No'],
    required_answers: [],
    is_multiple_selection: false,
  },
];
const BODY = messages.documents.lintPlace(
  [messages.documents.fileNames.master],
  messages.documents.lintParts.body,
);
const typedReference = messages.documents.wordHabits.typedReference;

/** Articles 1 to 4 as numbered headings, article 3 only with a deposit when `conditional`. */
function articles(conditional: boolean): string[] {
  return [
    paragraph('Oggetto', HEADING),
    paragraph('Durata', HEADING),
    ...(conditional ? [paragraph('{#deposito == "Sì"}')] : []),
    paragraph('Deposito cauzionale', HEADING),
    ...(conditional ? [paragraph('{/}')] : []),
    paragraph('Recesso', HEADING),
  ];
}

const CITING =
  "Il recesso è regolato dall'art. 4 e la durata dall'articolo 2; restano fermi l'art. 1341 c.c., l'art. 3 del d.lgs. 231/2001 e l'art. 13, comma 1, GDPR.";

const warningsOf = (body: string[]) =>
  lintTemplate({ master: buildWordDocx({ body: body.join('') }), questions: QUESTIONS }).warnings;

describe('typed references to conditional automatic numbering', () => {
  it('are warned, naming the reference and the cross-reference to use', () => {
    expect(warningsOf([...articles(true), paragraph(CITING)])).toEqual([
      typedReference(BODY, ['art. 4'], CITING),
    ]);
  });

  it('are warned for a lettered list too: «lettera c)» after a conditional «b)»', () => {
    const text = 'Ai fini della lettera c) e del punto a) si applica quanto segue.';
    expect(
      warningsOf([
        paragraph('Il conduttore si obbliga:'),
        paragraph('a pagare il canone;', LETTERED),
        paragraph('{#deposito == "Sì"}'),
        paragraph('a versare il deposito;', LETTERED),
        paragraph('{/}'),
        paragraph('a restituire i locali.', LETTERED),
        paragraph(text),
      ]),
    ).toEqual([typedReference(BODY, ['lettera c)'], text)]);
  });

  it('are not warned when no item of the numbered list is conditional', () => {
    expect(
      warningsOf([
        ...articles(false),
        paragraph('{#deposito == "Sì"}Con deposito.{/}'),
        paragraph(CITING),
      ]),
    ).toEqual([]);
  });

  it('are not warned when the reference is a Word cross-reference (REF field)', () => {
    const crossReference = [
      run("Il recesso è regolato dall'"),
      '<w:r><w:fldChar w:fldCharType="begin"/></w:r>',
      '<w:r><w:instrText xml:space="preserve"> REF _Ref4 \\r \\h </w:instrText></w:r>',
      '<w:r><w:fldChar w:fldCharType="separate"/></w:r>',
      run('Art. 4'),
      '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
      run('.'),
    ];
    expect(warningsOf([...articles(true), paragraph(crossReference)])).toEqual([]);
  });
});
