import { it } from '@lexpath/shared';
import type { TAnswers, TChoiceQuestion, TCondition } from '@lexpath/shared/schemas/questions';
import type { CorpusDocument } from './word-package.ts';

/**
 * One fixture of the lint corpus (issue 12, item 7): a master written the way Word users write
 * one, the questions it is uploaded with, what the editor reads back and, when it is accepted,
 * what a rendered contract holds.
 */
export type CorpusCase = {
  /** Folder name under `corpus/`. */
  slug: string;
  /** The Word habit, and what LexPath does with it. */
  description: string;
  /**
   * refused: the upload answers 422 with the errors; warned: stored, with warnings; handled:
   * stored without a word, the engine copes.
   */
  outcome: 'refused' | 'warned' | 'handled';
  questions: TChoiceQuestion[];
  master: CorpusDocument;
  /** The preview; by default a page without tags naming the fixture. */
  preview?: CorpusDocument;
  /** Exactly what the editor reads after the upload (errors of a refusal, or the warnings). */
  lint: { errors: string[]; warnings: string[] };
  /** Test downloads of an accepted master. */
  renders?: CorpusRender[];
};

export type CorpusRender = {
  answers: TAnswers;
  /** Passages of `word/document.xml`'s text (paragraphs joined by line breaks). */
  includes?: string[];
  /** Passages found in no part of the package (a comment, a reviewer, a clause). */
  excludes?: string[];
  /** The body's paragraphs, exactly, when their order and emptiness matter. */
  lines?: string[];
  /** Passages of another part's text: `word/header1.xml`, `docProps/core.xml`… */
  parts?: Record<string, string[]>;
  /** Parts the package must not have any more (comments). */
  withoutParts?: string[];
  /** Pages of the PDF LibreOffice makes of the contract. */
  pages: number;
};

/** A single- or multiple-choice question, the kind the corpus needs. */
export function choice(
  variable: string,
  options: string[],
  extra: { multiple?: boolean; required_answers?: TCondition[] } = {},
): TChoiceQuestion {
  return {
    variable,
    question: `Domanda «${variable}»`,
    options,
    required_answers: extra.required_answers ?? [],
    is_multiple_selection: extra.multiple ?? false,
  };
}

const { documents } = it;
type Part = keyof typeof documents.lintParts;
type File = keyof typeof documents.fileNames;

/** A message of the lint as the editor reads it: where, which tag, what, which paragraph. */
export function problem(
  where: Part | [Part, ...File[]],
  tag: string,
  text: string,
  paragraph: string,
): string {
  const [part, ...files] = Array.isArray(where) ? where : [where];
  const names = (files.length > 0 ? files : (['master'] as File[])).map(
    (file) => documents.fileNames[file],
  );
  return documents.lintProblem(
    documents.lintPlace(names, documents.lintParts[part]),
    tag,
    text,
    paragraph,
  );
}

export const lint = documents.lint;
export const wordHabits = documents.wordHabits;

export { BULLET, HEADING, paragraph, run } from '../test-word-docx.ts';

/** An empty paragraph holding a page break (Inserisci › Interruzione di pagina). */
export const PAGE_BREAK = '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';

/** A review comment's body as Word writes it, with the annotation mark. */
export function commentBody(text: string): string {
  return `<w:p><w:pPr><w:pStyle w:val="Testocommento"/></w:pPr><w:r><w:rPr><w:rStyle w:val="Rimandocommento"/></w:rPr><w:annotationRef/></w:r><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
}

/** The runs of a field (PAGE, REF, MERGEFIELD) with its code and last result. */
export function fieldRuns(code: string, result: string): string {
  return (
    '<w:r><w:fldChar w:fldCharType="begin"/></w:r>' +
    `<w:r><w:instrText xml:space="preserve"> ${code} </w:instrText></w:r>` +
    '<w:r><w:fldChar w:fldCharType="separate"/></w:r>' +
    `<w:r><w:t xml:space="preserve">${result}</w:t></w:r>` +
    '<w:r><w:fldChar w:fldCharType="end"/></w:r>'
  );
}
