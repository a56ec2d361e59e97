import { findKeyProblem, it, type TQuestion } from '@lexpath/shared';
import type {
  TBlankChoice,
  TBlankProposal,
  TBlankQuestionType,
} from '@lexpath/shared/schemas/blank-conversion';
import { type TQuestionInput, ZQuestions } from '@lexpath/shared/schemas/questions';
import PizZip from 'pizzip';
import { AppError } from '../lib/app-error.ts';
import { type LocatedBlank, locateBlanksInPart, type TextSource } from './blank-finder.ts';
import { acceptRevisions, applyEdits, paragraphSpans, TEXT_PART } from './word-cleanup.ts';

/**
 * A real form's blanks replaced by the tags the editor accepted (DESIGN §14), in the run's own
 * formatting, and the questions they ask. Only the text parts holding a converted blank are
 * rewritten; styles, numbering, pictures and every other part keep their bytes.
 */

export type ConvertedMaster = {
  master: Buffer;
  /** One per distinct variable, in document order, ready to append to the question list. */
  questions: TQuestion[];
  /** The blanks left as they were: skipped, without a choice, or not convertible there. */
  skipped: string[];
};

type QuestionType = TQuestion['type'] & string;

const SNAKE_CASE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

type Located = LocatedBlank & { xml: string };
type Chosen = { blank: Located; proposal: TBlankProposal };
/** A blank being converted: its question, and whether it is an item's field in a loop. */
type Target = Chosen & { question: TQuestion | undefined; inLoop: boolean; listed?: boolean };

/** The name its tag reads: in a loop, the item's field. */
const nameOf = ({ proposal, inLoop }: Target) =>
  inLoop && proposal.field ? proposal.field : proposal.variable;

const messages = it.blankConversion;
const invalid = (message: string) => new AppError('invalid', message);

function checkVariable(variable: string): void {
  if (!SNAKE_CASE.test(variable) || findKeyProblem(variable) !== null) {
    throw invalid(messages.variableInvalid(variable));
  }
}

/** A checkbox in every form Word writes one: glyph, content control, legacy field. */
function isCheckbox(blank: LocatedBlank): boolean {
  return blank.kind === 'checkbox' || (blank.kind === 'formField' && blank.text === 'FORMCHECKBOX');
}

/** Refuses a proposal the blank cannot take, with the paragraph it is in. */
function checkProposal(blank: LocatedBlank, proposal: TBlankProposal): void {
  checkVariable(proposal.variable);
  const where = blank.paragraph || blank.id;
  if (proposal.field !== undefined) checkVariable(proposal.field);
  for (const field of proposal.fields ?? []) checkVariable(field.variable);
  if (blank.kind === 'gender') return;
  if (blank.kind === 'tableRows' || blank.kind === 'total') {
    if (proposal.type !== 'elenco') throw invalid(messages.typeNotAllowed(where, proposal.type));
    if (blank.kind === 'tableRows') return;
    const fieldType = proposal.fields?.find((field) => field.variable === proposal.field)?.type;
    if (proposal.field === undefined || (fieldType !== 'importo' && fieldType !== 'numero'))
      throw invalid(messages.totalNeedsAmount(where, proposal.variable));
    return;
  }
  if (proposal.type === 'elenco') {
    if (proposal.field === undefined)
      throw invalid(messages.fieldRequired(where, proposal.variable));
    const fieldType = proposal.fields?.find((field) => field.variable === proposal.field)?.type;
    if (isCheckbox(blank) && fieldType !== undefined && fieldType !== 'scelta') {
      throw invalid(messages.checkboxNeedsChoice(where));
    }
    return;
  }
  if (isCheckbox(blank) && proposal.type !== 'scelta') {
    throw invalid(messages.checkboxNeedsChoice(where));
  }
  if (blank.kind === 'boxRow' && proposal.type === 'scelta') {
    throw invalid(messages.typeNotAllowed(where, proposal.type));
  }
}

/** Every blank of the document with its part's XML (revisions accepted), by id. */
function locateAll(zip: PizZip): Map<string, Located> {
  const located = new Map<string, Located>();
  const names = Object.keys(zip.files)
    .filter((name) => TEXT_PART.test(name))
    .sort();
  for (const name of names) {
    const xml = acceptRevisions(zip.file(name)?.asText() ?? '');
    for (const blank of locateBlanksInPart(name, xml)) located.set(blank.id, { ...blank, xml });
  }
  return located;
}

/** Converts the chosen blanks of a .docx; throws a 400 AppError naming what is wrong. */
export function convertBlanks(docx: Buffer, choices: readonly TBlankChoice[]): ConvertedMaster {
  const zip = new PizZip(docx);
  const located = locateAll(zip);
  const byId = new Map<string, TBlankChoice>();
  for (const choice of choices) {
    if (!located.has(choice.id)) throw invalid(messages.unknownBlank(choice.id));
    if (byId.has(choice.id)) throw invalid(messages.duplicateBlank(choice.id));
    byId.set(choice.id, choice);
  }
  const chosen: Chosen[] = [];
  for (const blank of located.values()) {
    const choice = byId.get(blank.id);
    if (!choice || !('proposal' in choice)) continue;
    const proposal = { ...choice.proposal, variable: choice.proposal.variable.trim() };
    checkProposal(blank, proposal);
    chosen.push({ blank, proposal });
  }

  const plan = planLoops(chosen);
  const converted = chosen.filter((item) => !plan.left.includes(item));
  // Skipped, not chosen at all, or not convertible where they are: in document order.
  const convertedIds = new Set(converted.map(({ blank }) => blank.id));
  const skipped = [...located.keys()].filter((id) => !convertedIds.has(id));
  const questions = questionsOf(converted);
  const questionByVariable = new Map(questions.map((question) => [question.variable, question]));

  const edits = new Map<string, Edit[]>();
  const editsOf = (file: string) => {
    const list = edits.get(file) ?? [];
    edits.set(file, list);
    return list;
  };
  const xmlOf = new Map<string, string>();
  const joined = joinArticles(converted);
  for (const { blank, proposal } of converted) {
    xmlOf.set(blank.file, blank.xml);
    if (plan.removedBlanks.has(blank.id) || joined.absorbed.has(blank.id)) continue;
    const gender = joined.ranges.get(blank.id);
    const target: Target = {
      blank,
      proposal,
      question: questionByVariable.get(proposal.variable),
      inLoop: plan.looped.has(blank.id),
      listed: plan.listed.has(blank.id),
    };
    editsOf(blank.file).push(
      ...(gender
        ? textEdits(
            blank.xml,
            blank.sources,
            gender.at,
            gender.length,
            genderTag(proposal, gender.phrase),
          )
        : blankEdits(target)),
    );
  }
  for (const edit of plan.edits) editsOf(edit.file as string).push(edit);
  for (const [file, list] of edits) {
    const xml = xmlOf.get(file) as string;
    zip.file(file, applyEdits(xml, dedupe(list)));
  }
  const master =
    edits.size === 0 ? docx : zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
  return { master, questions, skipped };
}

type Edit = { file?: string; start: number; end: number; text: string };

/** The same edit asked twice (a `<w:t>` made to keep its spaces by two blanks) is made once. */
function dedupe(edits: Edit[]): Edit[] {
  const seen = new Set<string>();
  return edits.filter((edit) => {
    const key = `${edit.start}:${edit.end}:${edit.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');
/** A string literal of the template language. */
const literal = (text: string) => `"${text.replace(/"/g, '”')}"`;

const ARTICLE = /^(?:il|lo|la|i|gli|le|un|uno|una)$/i;

const genderTag = (proposal: TBlankProposal, phrase: string) =>
  `{${proposal.variable} | accorda:${literal(phrase)}}`;

/**
 * «Il/La sottoscritto/a» is two gender blanks, and an article alone cannot agree: an article
 * followed by the next gender blank of the same party becomes one tag, «Il sottoscritto».
 */
function joinArticles(converted: Chosen[]): {
  ranges: Map<string, { at: number; length: number; phrase: string }>;
  absorbed: Set<string>;
} {
  const ranges = new Map<string, { at: number; length: number; phrase: string }>();
  const absorbed = new Set<string>();
  for (const [index, item] of converted.entries()) {
    const next = converted[index + 1];
    if (item.blank.kind !== 'gender' || next?.blank.kind !== 'gender') continue;
    if (absorbed.has(item.blank.id)) continue;
    const { blank, proposal } = item;
    if (next.blank.file !== blank.file || next.blank.index !== blank.index) continue;
    if (next.proposal.variable !== proposal.variable) continue;
    const first = genderRange(blank);
    const second = genderRange(next.blank);
    const between = blank.whole.slice(first.at + first.text.length, second.at);
    const article = phraseOf(blank, proposal);
    if (!ARTICLE.test(article.split(' ')[0] ?? '') || !/^\s+$/.test(between)) continue;
    // The proposals may give the article's blank the whole phrase («il sottoscritto») and the
    // word's an empty one; or each its own part («Il», «sottoscritto»).
    const word = next.proposal.phrase === '' ? '' : phraseOf(next.blank, next.proposal);
    ranges.set(blank.id, {
      at: first.at,
      length: second.at + second.text.length - first.at,
      phrase: word === '' || article.includes(' ') ? article : `${article} ${word}`,
    });
    absorbed.add(next.blank.id);
  }
  return { ranges, absorbed };
}

/** The tag a blank becomes; in a loop, the item's field. */
function tagOf(target: Target): string {
  const { blank, proposal, question, inLoop } = target;
  const name = nameOf(target);
  if (blank.kind === 'gender') return genderTag(proposal, phraseOf(blank, proposal));
  if (target.listed && proposal.field) {
    return `{${proposal.variable} | elenco:${literal(proposal.field)}}`;
  }
  const field =
    inLoop && question?.type === 'elenco'
      ? question.fields.find((item) => item.variable === proposal.field)
      : undefined;
  const type = inLoop ? (field?.type ?? 'testo') : (question?.type ?? 'scelta');
  if (isCheckbox(blank)) {
    const option = optionOf(target);
    return option ? `{${name} | casella:${literal(option)}}` : `{${name} | casella}`;
  }
  if (type === 'data') return `{${name} | data}`;
  // «€ ______» already says the currency: the amount alone.
  if (type === 'importo') {
    const currency = /(?:€|\beuro)\s*$/i.test(blank.whole.slice(0, blank.at));
    return `{${name} | ${currency ? 'importo' : 'euro'}}`;
  }
  return `{${name}}`;
}

/** The masculine singular the gender blank stands for: the proposal's, or read from the text. */
function phraseOf(blank: LocatedBlank, proposal: TBlankProposal): string {
  // At the paragraph's start the agreed words start the sentence: «Il sottoscritto», «I …»;
  // a form's capital stays too («CF ____ Nato/a il» prints «Nati il»).
  const opening =
    blank.whole.slice(0, genderRange(blank).at).trim() === '' ||
    /^\p{Lu}/u.test(genderRange(blank).text);
  if (proposal.phrase) {
    return opening
      ? `${proposal.phrase.charAt(0).toUpperCase()}${proposal.phrase.slice(1)}`
      : proposal.phrase;
  }
  const { text } = genderRange(blank);
  if (text.includes('/')) return text.split('/')[0] as string;
  // «..l..»: the article left for either gender, capital at the paragraph's start.
  if (/^\.\.l\.\.$/i.test(text)) {
    const first = text.includes('L') || blank.whole.slice(0, blank.at).trim() === '';
    return first ? 'Il' : 'il';
  }
  // «sottoscritt..»: the stem takes the masculine ending.
  const stem = text.replace(/\.+$/, '');
  if (/^\p{L}+$/u.test(stem)) return `${stem}o`;
  throw invalid(messages.phraseRequired(blank.paragraph || blank.id));
}

/** A gender blank's range: «sottoscritt..» is found as its two dots, replaced with its stem. */
function genderRange(blank: LocatedBlank): { at: number; text: string } {
  const stem = /\p{L}+$/u.exec(blank.whole.slice(0, blank.at))?.[0] ?? '';
  const at = blank.text.startsWith('..') && stem ? blank.at - stem.length : blank.at;
  return { at, text: blank.whole.slice(at, blank.at + blank.text.length) };
}

/** The edits that write one blank's tag. */
function blankEdits(target: Target): Edit[] {
  const { blank } = target;
  const markup = blank.markup;
  if (markup?.kind === 'field') return fieldEdits(target, markup);
  if (markup?.kind === 'control') return controlEdits(target, markup);
  if (markup?.kind === 'tableRows') return listRowEdits(target, markup);
  if (markup?.kind === 'cell') {
    const { proposal } = target;
    const type =
      target.question?.type === 'elenco'
        ? target.question.fields.find((field) => field.variable === proposal.field)?.type
        : undefined;
    const sum = `${proposal.variable} | somma:${literal(proposal.field ?? '')}`;
    return [insertInCell(blank.xml, markup, `{${sum}${type === 'importo' ? ' | euro' : ''}}`)];
  }
  if (markup?.kind === 'boxRow') {
    return markup.cells.map((cell, index) =>
      insertInCell(blank.xml, cell, `{${nameOf(target)} | carattere:${index + 1}}`),
    );
  }
  if (blank.kind === 'gender') {
    const range = genderRange(blank);
    return textEdits(blank.xml, blank.sources, range.at, range.text.length, tagOf(target));
  }
  return textEdits(blank.xml, blank.sources, blank.at, blank.text.length, spaced(target));
}

/**
 * A table's empty rows as a list: the first row's cells get the item's fields in the columns'
 * order (the loop around the row comes from `planLoops`), the other rows go.
 */
function listRowEdits(
  target: Target,
  markup: { rows: { start: number; end: number }[]; cells: { start: number; end: number }[] },
): Edit[] {
  const { blank, proposal, question } = target;
  const fields = question?.type === 'elenco' ? question.fields : [];
  const edits: Edit[] = [];
  markup.cells.forEach((cell, index) => {
    const variable = proposal.fields?.[index]?.variable;
    const field = fields.find((item) => item.variable === variable);
    if (!field) return;
    const format = field.type === 'data' ? ' | data' : field.type === 'importo' ? ' | euro' : '';
    edits.push(insertInCell(blank.xml, cell, `{${field.variable}${format}}`));
  });
  for (const row of markup.rows.slice(1)) edits.push({ start: row.start, end: row.end, text: '' });
  return edits;
}

/**
 * A line or dots typed against the words around them («residente in……via», «(cap____)») leave
 * no space for the answer: the tag brings its own.
 */
function spaced(target: Target): string {
  const { blank } = target;
  const tag = tagOf(target);
  if (blank.kind !== 'underscores' && blank.kind !== 'dots') return tag;
  const before = blank.whole.charAt(blank.at - 1);
  const after = blank.whole.charAt(blank.at + blank.text.length);
  return `${/[\p{L}\p{N}.,:;)]/u.test(before) ? ' ' : ''}${tag}${/[\p{L}\p{N}(]/u.test(after) ? ' ' : ''}`;
}

/** The offset in a `<w:t>`'s raw (escaped) text of its `count`-th decoded character. */
function rawOffset(raw: string, count: number): number {
  let offset = 0;
  for (let read = 0; read < count && offset < raw.length; read += 1) {
    const entity = /^&(?:amp|lt|gt|quot|apos);/.exec(raw.slice(offset, offset + 6));
    offset += entity ? entity[0].length : 1;
  }
  return offset;
}

const RUN_PROPERTIES = /^<w:r(?=[\s>])[^>]*>\s*(<w:rPr>[\s\S]*?<\/w:rPr>|<w:rPr\/>)?/;

/** A run's properties, as its start tag is followed by them. */
function runPropertiesAt(xml: string, run: number): string {
  return RUN_PROPERTIES.exec(xml.slice(run, run + 4096))?.[1] ?? '';
}

/** The run's properties without its symbol font: a tag's ☒ must not be drawn in Wingdings. */
function withoutSymbolFont(properties: string): string {
  return properties.replace(/<w:rFonts\b[^>]*\/>/, '').replace(/<w:sym\b[^>]*\/>/, '');
}

/**
 * Replaces the text [at, at + length) of a paragraph by the tag: the tag goes where the blank's
 * first character was, in that run and so in its formatting, and the blank's other characters
 * are removed from the runs that follow (a blank Word split over several runs).
 */
function textEdits(
  xml: string,
  sources: readonly TextSource[],
  at: number,
  length: number,
  tag: string,
): Edit[] {
  const edits: Edit[] = [];
  let placed = false;
  const end = at + length;
  for (const source of sources) {
    const from = Math.max(at, source.from);
    const to = Math.min(end, source.from + source.length);
    if (from >= to) continue;
    const text = placed ? '' : escapeText(tag);
    if (source.contentStart === undefined || source.raw === undefined) {
      // A tab, break or symbol inside the blank goes; the tag takes the symbol's place.
      edits.push({
        start: source.start,
        end: source.end,
        text: placed ? '' : inOwnRun(xml, source, text),
      });
      placed = true;
      continue;
    }
    const rawFrom = rawOffset(source.raw, from - source.from);
    const rawTo = rawOffset(source.raw, to - source.from);
    const replacement = placed || !source.symbolFont ? text : splitRun(xml, source, text);
    edits.push({
      start: source.contentStart + rawFrom,
      end: source.contentStart + rawTo,
      text: replacement,
    });
    const openTag = xml.slice(source.start, source.contentStart);
    if (!/xml:space="preserve"/.test(openTag)) {
      edits.push({
        start: source.start,
        end: source.contentStart,
        text: `${openTag.slice(0, -1).replace(/\/$/, '')} xml:space="preserve">`,
      });
    }
    placed = true;
  }
  return edits;
}

/** The tag in a run of its own, between the two halves of a symbol font's run. */
function splitRun(xml: string, source: TextSource, text: string): string {
  const properties = runPropertiesAt(xml, source.run);
  return `</w:t></w:r><w:r>${withoutSymbolFont(properties)}<w:t xml:space="preserve">${text}</w:t></w:r><w:r>${properties}<w:t xml:space="preserve">`;
}

/** In place of a symbol element: the tag's text, out of the symbol font. */
function inOwnRun(xml: string, source: TextSource, text: string): string {
  const properties = runPropertiesAt(xml, source.run);
  if (!source.symbolFont || !/<w:rFonts\b/.test(properties)) {
    return `<w:t xml:space="preserve">${text}</w:t>`;
  }
  return `</w:r><w:r>${withoutSymbolFont(properties)}<w:t xml:space="preserve">${text}</w:t></w:r><w:r>${properties}`;
}

/** The start of the run holding this offset (`<w:r>`, not `<w:rPr>` or `<w:rFonts>`). */
function runBefore(xml: string, at: number): number {
  let start = xml.lastIndexOf('<w:r', at);
  while (start !== -1 && !/[\s>]/.test(xml.charAt(start + 4))) {
    start = xml.lastIndexOf('<w:r', start - 1);
  }
  return start === -1 ? at : start;
}

/** The option a box stands for, unless its question is a yes or a no (a box alone). */
function optionOf({ proposal, question, inLoop }: Target): string | undefined {
  if (!proposal.option) return undefined;
  if (inLoop || question?.type !== 'scelta') return proposal.option;
  return question.options.includes(proposal.option) ? proposal.option : undefined;
}

/** What a bound checkbox (control or legacy field) tells the renderer. */
function checkboxBinding(target: Target): string {
  const name = nameOf(target);
  const option = optionOf(target);
  return option ? `casella: ${name} == ${literal(option)}` : `casella: ${name}`;
}

/**
 * A legacy form field. A checkbox keeps its field and says in its status text which answer ticks
 * it; a text field's result becomes the tag, the field code removed so the tag prints as text.
 */
function fieldEdits(
  target: Target,
  markup: { start: number; end: number; simple: boolean },
): Edit[] {
  const { blank } = target;
  const { xml } = blank;
  if (blank.text === 'FORMCHECKBOX' && !markup.simple) {
    const value = escapeAttribute(checkboxBinding(target));
    const statusText = `<w:statusText w:val="${value}"/>`;
    const begin = xml.slice(markup.start, markup.end);
    const ffEnd = begin.indexOf('</w:ffData>');
    if (ffEnd === -1) {
      // A field without its form data (not as Word writes one): the data is added.
      const tag = /^<w:fldChar\b[^>]*>/.exec(begin)?.[0] ?? '';
      const data = `<w:ffData><w:checkBox><w:sizeAuto/><w:default w:val="0"/></w:checkBox>${statusText}</w:ffData>`;
      return [
        tag.endsWith('/>')
          ? {
              start: markup.start,
              end: markup.start + tag.length,
              text: `${tag.slice(0, -2)}>${data}</w:fldChar>`,
            }
          : { start: markup.start + tag.length, end: markup.start + tag.length, text: data },
      ];
    }
    const status = /<w:statusText\b[^>]*\/>/.exec(begin.slice(0, ffEnd));
    const at = markup.start + (status?.index ?? ffEnd);
    return [{ start: at, end: at + (status?.[0].length ?? 0), text: statusText }];
  }
  const tag = escapeText(tagOf(target));
  // From the start of the run holding the field's beginning to the end of the run holding its end.
  const runStart = markup.simple ? markup.start : runBefore(xml, markup.start);
  const close = markup.simple ? -1 : xml.indexOf('</w:r>', markup.end);
  const end = close === -1 ? markup.end : close + '</w:r>'.length;
  // The result's first text run gives the tag its formatting (else the field's own run).
  const inner = xml.slice(runStart, end);
  const separate = inner.search(/w:fldCharType="separate"/);
  const resultRun = [...inner.matchAll(/<w:r(?=[\s>])[^>]*>/g)].find(
    (match) =>
      match.index > separate &&
      /^<w:r[^>]*>\s*(?:<w:rPr>[\s\S]*?<\/w:rPr>)?\s*<w:t[\s>]/.test(inner.slice(match.index)),
  );
  const properties = runPropertiesAt(xml, runStart + (resultRun?.index ?? 0));
  return [
    {
      start: runStart,
      end,
      text: `<w:r>${properties}<w:t xml:space="preserve">${tag}</w:t></w:r>`,
    },
  ];
}

/**
 * A content control. A checkbox keeps its control and says in its tag which answer ticks it; a
 * control showing its placeholder gets the tag as its content (no more placeholder).
 */
function controlEdits(target: Target, markup: { start: number; end: number }): Edit[] {
  const { blank } = target;
  const { xml } = blank;
  const control = xml.slice(markup.start, markup.end);
  const propertiesMatch = /<w:sdtPr>[\s\S]*?<\/w:sdtPr>/.exec(control);
  if (!propertiesMatch) return [];
  const propertiesStart = markup.start + propertiesMatch.index;
  const propertiesEnd = propertiesStart + propertiesMatch[0].length;
  if (blank.kind === 'checkbox') {
    const value = escapeAttribute(checkboxBinding(target));
    const properties = propertiesMatch[0]
      .replace(/<w:tag\b[^>]*\/>/, '')
      .replace('<w:sdtPr>', `<w:sdtPr><w:tag w:val="${value}"/>`);
    return [{ start: propertiesStart, end: propertiesEnd, text: properties }];
  }
  const properties = propertiesMatch[0].replace(/<w:showingPlcHdr\b[^>]*\/>/, '');
  const contentStart = xml.indexOf('<w:sdtContent', propertiesEnd);
  const contentEnd = xml.lastIndexOf('</w:sdtContent>', markup.end);
  const content = xml.slice(contentStart, contentEnd);
  const tag = escapeText(tagOf(target));
  let placed = false;
  // The placeholder's style (grey text) goes: the answer is real text.
  const next = content
    .replace(/<w:rStyle w:val="[^"]*(?:Placeholder|segnaposto)[^"]*"\/>/gi, '')
    .replace(/<w:t(?:\s[^>]*)?>[^<]*<\/w:t>/g, () => {
      const text = placed ? '' : tag;
      placed = true;
      return `<w:t xml:space="preserve">${text}</w:t>`;
    });
  const edits: Edit[] = [
    { start: propertiesStart, end: propertiesEnd, text: properties },
    { start: contentStart, end: contentEnd, text: next },
  ];
  if (!placed) {
    // An empty placeholder: a run with the tag at the start of the content's first paragraph.
    const run = `<w:r><w:t xml:space="preserve">${tag}</w:t></w:r>`;
    const paragraphEnd = next.indexOf('</w:p>');
    const withRun =
      paragraphEnd === -1
        ? next.replace(/^<w:sdtContent[^>]*>/, (open) => `${open}${run}`)
        : `${next.slice(0, paragraphEnd)}${run}${next.slice(paragraphEnd)}`;
    edits[1] = { start: contentStart, end: contentEnd, text: withRun };
  }
  return edits;
}

/** A box of a row gets its character's tag, in the cell paragraph mark's formatting. */
function insertInCell(xml: string, cell: { start: number; end: number }, tag: string): Edit {
  const content = xml.slice(cell.start, cell.end);
  const paragraph = /<w:p(?=[\s>/])[^>]*?(\/?)>/.exec(content);
  const text = `<w:t xml:space="preserve">${escapeText(tag)}</w:t>`;
  if (!paragraph) {
    const end = cell.end - '</w:tc>'.length;
    return { start: end, end, text: `<w:p><w:r>${text}</w:r></w:p>` };
  }
  const at = cell.start + paragraph.index;
  if (paragraph[1]) {
    return {
      start: at,
      end: at + paragraph[0].length,
      text: `${paragraph[0].slice(0, -2)}><w:r>${text}</w:r></w:p>`,
    };
  }
  const close = content.indexOf('</w:p>', paragraph.index);
  const mark = /<w:pPr>[\s\S]*?<\/w:pPr>/.exec(content.slice(paragraph.index, close));
  const markRun = mark ? /<w:rPr>[\s\S]*?<\/w:rPr>/.exec(mark[0])?.[0] : undefined;
  // The mark's properties may hold revision marks a run cannot; only formatting is kept.
  const properties = markRun?.replace(/<w:(?:ins|del|moveFrom|moveTo)\b[^>]*\/>/g, '') ?? '';
  const end = cell.start + close;
  return { start: end, end, text: `<w:r>${properties}${text}</w:r>` };
}

type LoopPlan = {
  /** Blanks converted as an item's field (inside `{#elenco}` … `{/elenco}`). */
  looped: Set<string>;
  /** Blanks whose row is removed, the first row repeating for every item. */
  removedBlanks: Set<string>;
  /** The loop tags and removed rows. */
  edits: Edit[];
  /** Blanks written as the list of every item's field (`{elenco | elenco:"campo"}`). */
  listed: Set<string>;
  /** Blanks of an elenco the conversion cannot write safely (boxes outside a row), left. */
  left: Chosen[];
};

/** `{#elenco}` and `{/elenco}`, each in a run of its own, where the loop opens and closes. */
function loopTags(file: string, variable: string, open: number, close: number): Edit[] {
  return [
    { file, start: open, end: open, text: `<w:r><w:t>{#${variable}}</w:t></w:r>` },
    { file, start: close, end: close, text: `<w:r><w:t>{/${variable}}</w:t></w:r>` },
  ];
}

/** The table rows of a part: start and end, innermost rows included. */
function rowsOf(xml: string): { start: number; end: number }[] {
  const rows: { start: number; end: number }[] = [];
  const open: number[] = [];
  for (const match of xml.matchAll(/<w:tr(?=[\s>])[^>]*>|<\/w:tr>/g)) {
    if (match[0] === '</w:tr>') {
      const start = open.pop();
      if (start !== undefined) rows.push({ start, end: match.index + match[0].length });
    } else open.push(match.index);
  }
  return rows;
}

/** Where a blank is in its part's XML. */
function positionOf(blank: LocatedBlank): number {
  if (blank.markup) return blank.markup.start;
  const source = blank.sources.find((item) => item.from + item.length > blank.at);
  return source?.start ?? blank.sources.at(-1)?.start ?? 0;
}

/**
 * An `elenco` over a repeated block: table rows with the same columns. The first row holding its
 * blanks gets the loop (`{#elenco}` in its first cell, `{/elenco}` in its last: docxtemplater
 * repeats the row), the other rows holding them are removed. Blanks of an elenco outside a table
 * row are looped in their own paragraph when they are all in one; spread over paragraphs, each
 * text blank lists every item's field (`{eredi | elenco:"nome"}`: «Luca e Sara») and boxes are
 * left as they were.
 */
function planLoops(chosen: Chosen[]): LoopPlan {
  const plan: LoopPlan = {
    looped: new Set(),
    removedBlanks: new Set(),
    edits: [],
    listed: new Set(),
    left: [],
  };
  const groups = new Map<string, Chosen[]>();
  for (const item of chosen) {
    // A total sits under the list's rows and adds them up: no line of the list.
    if (item.proposal.type !== 'elenco' || item.blank.kind === 'gender') continue;
    if (item.blank.kind === 'total') continue;
    const key = item.proposal.variable;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const rowsByXml = new Map<string, { start: number; end: number }[]>();
  for (const [variable, items] of groups) {
    const first = items[0] as Chosen;
    const file = first.blank.file;
    const xml = first.blank.xml;
    const rows = rowsByXml.get(xml) ?? rowsOf(xml);
    rowsByXml.set(xml, rows);
    const rowOf = (blank: LocatedBlank) => {
      const at = positionOf(blank);
      return rows
        .filter((row) => row.start <= at && at < row.end && blank.file === file)
        .sort((a, b) => a.end - a.start - (b.end - b.start))[0];
    };
    const itemRows = items.map((item) => rowOf(item.blank));
    if (itemRows.every((row) => row !== undefined)) {
      const loopRow = [...itemRows].sort((a, b) => a.start - b.start)[0] as {
        start: number;
        end: number;
      };
      const removed = new Map<number, { start: number; end: number }>();
      items.forEach((item, index) => {
        const row = itemRows[index] as { start: number; end: number };
        if (row.start === loopRow.start) plan.looped.add(item.blank.id);
        else {
          plan.removedBlanks.add(item.blank.id);
          removed.set(row.start, row);
        }
      });
      const rowXml = xml.slice(loopRow.start, loopRow.end);
      const cells = [...rowXml.matchAll(/<w:tc(?=[\s>])[^>]*>/g)];
      const firstParagraph = /<w:p(?=[\s>])[^>]*>(?:<w:pPr>[\s\S]*?<\/w:pPr>)?/.exec(rowXml);
      const lastClose = rowXml.lastIndexOf('</w:p>');
      if (cells.length === 0 || !firstParagraph || lastClose === -1) {
        plan.left.push(...items);
        continue;
      }
      const open = loopRow.start + firstParagraph.index + firstParagraph[0].length;
      const close = loopRow.start + lastClose;
      plan.edits.push(...loopTags(file, variable, open, close));
      for (const row of removed.values())
        plan.edits.push({ file, start: row.start, end: row.end, text: '' });
      continue;
    }
    const paragraphs = new Set(items.map((item) => `${item.blank.file}#${item.blank.index}`));
    if (paragraphs.size !== 1) {
      // Spread over paragraphs, no copy is known to be the block: each blank lists the items.
      for (const item of items) {
        if (!isCheckbox(item.blank) && item.blank.kind !== 'boxRow') plan.listed.add(item.blank.id);
        else plan.left.push(item);
      }
      continue;
    }
    const span = paragraphSpans(xml)[first.blank.index];
    if (!span) {
      plan.left.push(...items);
      continue;
    }
    const properties = /^<w:pPr>[\s\S]*?<\/w:pPr>/.exec(
      xml.slice(span.contentStart, span.contentEnd),
    );
    const open = span.contentStart + (properties?.[0].length ?? 0);
    plan.edits.push(...loopTags(file, variable, open, span.contentEnd));
    for (const item of items) plan.looped.add(item.blank.id);
  }
  return plan;
}

/** The question of a proposed field of an elenco item. */
function fieldQuestion(variable: string, label: string, type: TBlankQuestionType): TQuestionInput {
  const questionType = type as QuestionType;
  // A choice among options nobody listed cannot be asked: text until the editor gives them.
  return {
    variable,
    question: label,
    type: questionType === 'scelta' || questionType === 'elenco' ? 'testo' : questionType,
  } as TQuestionInput;
}

/**
 * One question per distinct variable, in document order: the first blank's question text; a
 * choice gathers the options of its boxes; an elenco its fields; a party of `accorda` is an
 * elenco with a `genere` field.
 */
function questionsOf(chosen: Chosen[]): TQuestion[] {
  type Draft = {
    variable: string;
    question: string;
    type: QuestionType;
    options: string[];
    multiple: boolean;
    fields: Map<string, TQuestionInput>;
    party: boolean;
  };
  const drafts = new Map<string, Draft>();
  for (const { blank, proposal } of chosen) {
    // A party of `accorda` is an elenco, whatever type its proposal has.
    const party = blank.kind === 'gender';
    const type: QuestionType = party ? 'elenco' : proposal.type;
    let draft = drafts.get(proposal.variable);
    if (!draft) {
      draft = {
        variable: proposal.variable,
        question: proposal.question,
        type,
        options: [],
        multiple: false,
        fields: new Map(),
        party,
      };
      drafts.set(proposal.variable, draft);
    }
    if (draft.type !== type) throw invalid(messages.typeConflict(proposal.variable));
    if (party) draft.party = true;
    if (type === 'scelta') {
      for (const option of [
        ...(proposal.options ?? []),
        ...(proposal.option ? [proposal.option] : []),
      ]) {
        if (!draft.options.includes(option)) draft.options.push(option);
      }
      if (proposal.multiple) draft.multiple = true;
    }
    for (const field of proposal.fields ?? []) {
      if (!draft.fields.has(field.variable)) {
        draft.fields.set(field.variable, fieldQuestion(field.variable, field.label, field.type));
      }
    }
    if (proposal.field && !draft.fields.has(proposal.field)) {
      draft.fields.set(proposal.field, fieldQuestion(proposal.field, proposal.field, 'testo'));
    }
  }
  const questions: TQuestionInput[] = [...drafts.values()].map((draft) => {
    if (draft.type === 'elenco') {
      // A party's `genere` is what `accorda` reads: the choice maschile/femminile, whatever
      // type its proposal gave (a proposed field carries no options).
      if (draft.party) {
        draft.fields.set('genere', {
          variable: 'genere',
          question: messages.genderQuestion,
          type: 'scelta',
          options: [...messages.genderOptions],
        });
      }
      return {
        variable: draft.variable,
        question: draft.question,
        type: 'elenco',
        fields: [...draft.fields.values()],
        label_singolare: draft.question,
        label_plurale: draft.question,
      } as TQuestionInput;
    }
    if (draft.type === 'scelta') {
      // One box alone is a yes or a no: its own option is not a choice.
      const options = draft.options.length < 2 ? [...messages.yesNoOptions] : draft.options;
      return {
        variable: draft.variable,
        question: draft.question,
        type: 'scelta',
        options,
        is_multiple_selection: draft.multiple,
      } as TQuestionInput;
    }
    return {
      variable: draft.variable,
      question: draft.question,
      type: draft.type,
    } as TQuestionInput;
  });
  const parsed = ZQuestions.safeParse(questions);
  if (!parsed.success) {
    throw invalid(parsed.error.issues[0]?.message ?? messages.choicesInvalid);
  }
  return parsed.data;
}
