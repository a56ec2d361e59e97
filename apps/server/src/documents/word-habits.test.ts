import { it as messages, type QuestionRules } from '@lexpath/shared';
import { describe, expect, it } from 'vitest';
import { lintTemplate } from './lint.ts';
import { buildDocx } from './test-docx.ts';
import {
  buildWordDocx,
  commentedMaster,
  paragraph,
  reviewedMaster,
  run,
  sectionProperties,
} from './test-word-docx.ts';

const habits = messages.documents.wordHabits;
const problem = messages.documents.lintProblem;
const MASTER = messages.documents.lintPlace(
  [messages.documents.fileNames.master],
  messages.documents.lintParts.body,
);

const choice = (variable: string, options: string[]): QuestionRules => ({
  variable,
  question: `${variable}?`,
  options,
  required_answers: [],
  is_multiple_selection: false,
});

const REVIEWED_QUESTIONS = [choice('nome_cliente', ['Mario Rossi']), choice('importo', ['1.000'])];

describe('lint of Word habits', () => {
  it('refuses a master with unaccepted revisions, naming the file', () => {
    const { errors } = lintTemplate({ master: reviewedMaster(), questions: REVIEWED_QUESTIONS });
    expect(errors).toEqual([habits.trackedChanges.master]);
  });

  it('refuses a preview with unaccepted revisions with the preview message', () => {
    const { errors } = lintTemplate({
      master: buildDocx(['{nome_cliente} {importo}']),
      preview: reviewedMaster(),
      questions: REVIEWED_QUESTIONS,
    });
    expect(errors).toEqual([habits.trackedChanges.preview]);
  });

  it('accepts comments without revisions: the engine removes them from every document', () => {
    const result = lintTemplate({
      master: commentedMaster(),
      questions: [choice('nome_cliente', ['Mario Rossi'])],
    });
    expect(result).toEqual({ errors: [], warnings: [] });
  });

  it('warns about a section tag in the paragraph that carries a section break', () => {
    const master = buildWordDocx({
      body: [
        paragraph('{#riservatezza == "Sì"}'),
        paragraph('Obbligo di riservatezza.'),
        `<w:p><w:pPr>${sectionProperties('rIdH1')}</w:pPr>${run('Fine della clausola.{/}')}</w:p>`,
        paragraph('Allegato A.'),
      ].join(''),
      headers: { rIdH1: paragraph('Intestazione') },
    });
    const { errors, warnings } = lintTemplate({
      master,
      questions: [choice('riservatezza', ['Sì', 'No'])],
    });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      problem(MASTER, '{/}', habits.sectionTagOnSectionBreak, 'Fine della clausola.{/}'),
    ]);
  });

  it('warns about a cross-referenced bookmark inside a conditional section, not others', () => {
    const bookmark = (id: number, name: string, text: string) =>
      `<w:bookmarkStart w:id="${id}" w:name="${name}"/>${run(text)}<w:bookmarkEnd w:id="${id}"/>`;
    const master = buildWordDocx({
      body: [
        paragraph([bookmark(0, '_GoBack', 'Premesse.')]),
        paragraph('{#penale == "Sì"}'),
        paragraph([run('Penale: '), bookmark(1, '_Ref201', 'cento euro al giorno')]),
        paragraph([bookmark(2, 'nonCitato', 'Testo senza rimandi.')]),
        paragraph('{/}'),
        paragraph([
          run('Si veda la clausola penale ('),
          '<w:r><w:fldChar w:fldCharType="begin"/></w:r>',
          '<w:r><w:instrText xml:space="preserve"> REF _Ref201 </w:instrText></w:r>',
          '<w:r><w:instrText xml:space="preserve">\\h </w:instrText></w:r>',
          '<w:r><w:fldChar w:fldCharType="separate"/></w:r>',
          run('cento euro al giorno'),
          '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
          run(').'),
        ]),
        paragraph(['<w:fldSimple w:instr=" PAGEREF _GoBack \\h ">', run('1'), '</w:fldSimple>']),
      ].join(''),
    });
    const { errors, warnings } = lintTemplate({
      master,
      questions: [choice('penale', ['Sì', 'No'])],
    });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      problem(
        MASTER,
        '{#penale == "Sì"}',
        habits.bookmarkInSection('_Ref201'),
        'Penale: cento euro al giorno',
      ),
    ]);
  });
});
