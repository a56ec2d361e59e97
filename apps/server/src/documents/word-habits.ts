import { it } from '@lexpath/shared';
import PizZip from 'pizzip';
import { partOf } from './authoring-habits.ts';
import { type Blank, findBlanksInPart } from './blank-finder.ts';
import { decodeXmlText } from './render.ts';
import { findTypedReferences } from './typed-references.ts';
import {
  acceptRevisions,
  hasRevisions,
  type ParagraphSpan,
  paragraphSpans,
  SECTION_TAG,
  sectionBreakOf,
  TEXT_PART,
} from './word-cleanup.ts';

const messages = it.documents.wordHabits;
const blankMessages = it.documents.blanks;

export type FileRole = 'master' | 'preview';

export type WordHabitFindings = { errors: string[]; warnings: string[] };

/**
 * Lint of what Word users do that the tags alone do not show (issue 12), on the raw parts:
 *
 * - Unaccepted revisions: an error. The engine would accept them (see `word-cleanup.ts`), but
 *   which reviewer wins is the editor's decision, made in Word, not ours: a reviewer's proposed
 *   deletion of a clause must not silently disappear from every contract.
 * - A section tag in the paragraph that carries a section break: a warning. The engine keeps
 *   the break (it moves it to a paragraph of its own), but the editor should see where the
 *   section ends in Word too.
 * - A bookmark inside a conditional section that a cross-reference (REF, PAGEREF, NOTEREF)
 *   cites: a warning. When the section drops, Word and LibreOffice print "Error! Reference
 *   source not found." in place of the reference, and only the editor can decide what it
 *   should say instead.
 * - A reference typed by hand («art. 5», «punto d)») to a list Word numbers on its own that has
 *   conditional items: a warning suggesting a cross-reference (typed-references.ts).
 * - Blanks of a form left in the master (`____`, `......`, `[Cliente]`, Word form fields and
 *   checkboxes, `nato/a`): a warning per paragraph listing them. Only the master: the preview is
 *   a picture of the document, where a blank may stand for an answer.
 */
export function lintWordHabits(
  role: FileRole,
  bytes: Buffer,
  /** A document set's companion is linted as a master under its own label. */
  label: string = it.documents.fileNames[role],
): WordHabitFindings {
  const findings: WordHabitFindings = { errors: [], warnings: [] };
  let zip: PizZip;
  try {
    zip = new PizZip(bytes);
  } catch {
    return findings; // the lint reports the file as unreadable
  }
  const names = Object.keys(zip.files)
    .filter((name) => TEXT_PART.test(name))
    .sort();
  const parts = names.map((name) => zip.file(name)?.asText() ?? '');
  const placeOf = (index: number) => it.documents.lintPlace([label], partOf(names[index]));

  if (parts.some(hasRevisions)) {
    findings.errors.push(
      label === it.documents.fileNames[role]
        ? messages.trackedChanges[role]
        : it.documentSets.trackedChanges(label),
    );
  }

  const texts = parts.map(acceptRevisions);
  if (role === 'master') {
    for (const [index, xml] of texts.entries()) {
      findings.warnings.push(
        ...blankWarnings(placeOf(index), findBlanksInPart(names[index] ?? '', xml)),
      );
    }
  }
  if (role === 'master') {
    const place = it.documents.lintPlace([label], partOf('word/document.xml'));
    const byParagraph = new Map<string, string[]>();
    for (const { reference, paragraph } of findTypedReferences(zip)) {
      const listed = byParagraph.get(paragraph) ?? [];
      if (!listed.includes(reference)) listed.push(reference);
      byParagraph.set(paragraph, listed);
    }
    for (const [paragraph, references] of byParagraph) {
      findings.warnings.push(messages.typedReference(place, references, quotedText(paragraph)));
    }
  }
  // Most masters cite no bookmark: then none needs to be located.
  const references = new Set(texts.flatMap(crossReferenceTargets));
  const bookmarks: { name: string; openingTag: string; paragraph: string; place: string }[] = [];
  for (const [index, xml] of texts.entries()) {
    if (!PARAGRAPH_SECTION_BREAK.test(xml) && references.size === 0) continue;
    const paragraphs = paragraphSpans(xml);
    for (const paragraph of paragraphs) {
      if (!SECTION_TAG.test(paragraph.text) || !sectionBreakOf(xml, paragraph)) continue;
      const tag = /\{[#^/][^{}]*\}?/.exec(decodeXmlText(paragraph.text))?.[0] ?? '';
      findings.warnings.push(
        it.documents.lintProblem(
          placeOf(index),
          tag,
          messages.sectionTagOnSectionBreak,
          quoted(paragraph.text),
        ),
      );
    }
    if (references.size > 0) {
      const place = placeOf(index);
      bookmarks.push(
        ...bookmarksInSections(xml, paragraphs).map((bookmark) => ({ ...bookmark, place })),
      );
    }
  }
  for (const bookmark of bookmarks) {
    if (!references.has(bookmark.name.toLowerCase())) continue;
    findings.warnings.push(
      it.documents.lintProblem(
        bookmark.place,
        bookmark.openingTag,
        messages.bookmarkInSection(bookmark.name),
        bookmark.paragraph,
      ),
    );
  }
  return findings;
}

/** The blanks a warning lists before «e altri N»: a form's table row can hold dozens. */
const LISTED_BLANKS = 8;

/** One warning per paragraph with blanks, listing them in order. */
function blankWarnings(place: string, blanks: readonly Blank[]): string[] {
  const byParagraph = new Map<number, Blank[]>();
  for (const blank of blanks) {
    const group = byParagraph.get(blank.index);
    if (group) group.push(blank);
    else byParagraph.set(blank.index, [blank]);
  }
  return [...byParagraph.values()].map((group) => {
    const listed = group.slice(0, LISTED_BLANKS).map(describeBlank);
    if (group.length > LISTED_BLANKS) listed.push(blankMessages.more(group.length - LISTED_BLANKS));
    return blankMessages.inParagraph(
      place,
      group.length,
      listed.join(', '),
      group[0]?.paragraph ?? '',
    );
  });
}

/** «linea «________…»»: the kind, then the blank as written, a long run of dots or lines cut. */
function describeBlank(blank: Blank): string {
  const run = blank.kind === 'underscores' || blank.kind === 'dots';
  const text = run && blank.text.length > 8 ? `${blank.text.slice(0, 8)}…` : blank.text;
  return `${blankMessages.kinds[blank.kind]} «${text}»`;
}

/** A section break in a paragraph's properties (the last section's is the body's own). */
const PARAGRAPH_SECTION_BREAK = /<w:pPr>(?:(?!<\/w:pPr>)[\s\S])*?<w:sectPr[\s>/]/;

/** A paragraph's text as a message quotes it, cut when long. */
function quoted(escaped: string, width = 160): string {
  const text = decodeXmlText(escaped).trim();
  return text.length <= width ? text : `${text.slice(0, width)}…`;
}

/** Decoded text as a message quotes it: one line, cut when long. */
function quotedText(text: string, width = 160): string {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return trimmed.length <= width ? trimmed : `${trimmed.slice(0, width)}…`;
}

const FIELD_TOKEN =
  /<w:fldChar\b[^>]*?w:fldCharType="begin"[^>]*>|<w:instrText\b[^>]*>([^<]*)<\/w:instrText>|<w:fldSimple\b[^>]*?\sw:instr="([^"]*)"/g;
const CROSS_REFERENCE = /^\s*(?:REF|PAGEREF|NOTEREF)\s+"?([^\s"\\]+)/i;

/** The bookmarks (lower-cased: Word ignores case) that a part's cross-references cite. */
function crossReferenceTargets(xml: string): string[] {
  const instructions: string[] = [];
  for (const [token, instrText, simple] of xml.matchAll(FIELD_TOKEN)) {
    if (simple !== undefined) instructions.push(decodeXmlText(simple));
    else if (instrText !== undefined) {
      if (instructions.length === 0) instructions.push('');
      instructions[instructions.length - 1] += decodeXmlText(instrText);
    } else if (token.startsWith('<w:fldChar')) instructions.push('');
  }
  return instructions.flatMap((instruction) => {
    const name = CROSS_REFERENCE.exec(instruction)?.[1];
    return name ? [name.toLowerCase()] : [];
  });
}

const TEXT_OR_BOOKMARK =
  /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:bookmarkStart\b[^>]*?\sw:name="([^"]*)"[^>]*\/>/g;

/** Bookmarks that start inside a section (`{#…}` or `{^…}` up to its `{/}`), in one part. */
function bookmarksInSections(
  xml: string,
  paragraphs: readonly ParagraphSpan[],
): { name: string; openingTag: string; paragraph: string }[] {
  const found: { name: string; openingTag: string; paragraph: string }[] = [];
  const open: string[] = [];
  let tag: string | undefined;
  for (const match of xml.matchAll(TEXT_OR_BOOKMARK)) {
    const [, text, bookmark] = match;
    if (bookmark !== undefined) {
      const openingTag = open.at(-1);
      if (openingTag === undefined) continue;
      const around = paragraphs
        .filter((p) => p.start <= match.index && match.index < p.end)
        .sort((a, b) => a.end - a.start - (b.end - b.start))[0];
      found.push({
        name: decodeXmlText(bookmark),
        openingTag,
        paragraph: around ? quoted(around.text) : '',
      });
      continue;
    }
    // Tags may be split across runs: their characters are read in order, run after run.
    for (const character of decodeXmlText(text ?? '')) {
      if (character === '{') tag = '{';
      else if (tag !== undefined) {
        tag += character;
        if (character !== '}') continue;
        if (/^\{[#^]/.test(tag)) open.push(tag);
        else if (tag.startsWith('{/')) open.pop();
        tag = undefined;
      }
    }
  }
  return found;
}
