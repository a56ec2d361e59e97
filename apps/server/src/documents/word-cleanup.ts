import type { DXT } from 'docxtemplater';
import type PizZip from 'pizzip';
import { COMMENT_PARTS, COMMENT_TYPE, dropCommentMarks } from './external-content.ts';
import { bindCheckboxes } from './word-checkboxes.ts';

/**
 * What the engine does to Word's own habits before and after docxtemplater (issue 12), so that
 * nothing an editor left in the master reaches the buyer and no tag leaves a hole:
 *
 * - Review comments go: their parts, relationships, content types and the marks in the text.
 * - Tracked changes are accepted (insertions kept, deletions dropped, old formatting dropped).
 *   Uploads with revisions are refused by the lint (`word-habits.ts`): accepting them silently
 *   would decide for the editor which reviewer wins, and a proposed deletion of a clause would
 *   vanish from every contract without anyone deciding it. Accepting here is the defence for
 *   files stored before that check: it gives the text Word shows as "final", without the names
 *   of the reviewers and without deleted tag text.
 * - A paragraph holding nothing but a section tag and whitespace (`{/} `) loses the whitespace,
 *   so docxtemplater's paragraph loop removes it as it removes `{/}` alone.
 * - A paragraph with a section tag among other text (`{#penale}Clausola penale` in a numbered
 *   heading or a bullet) is marked; when it comes out of the render with nothing visible, it is
 *   removed, so no empty "Art. 5." heading or empty bullet remains.
 * - A section break is never lost with its paragraph: a tag-only paragraph gives its `w:sectPr`
 *   to a paragraph of its own just outside the section (docxtemplater drops it when the
 *   condition holds), and an emptied paragraph that carries one is reduced to that paragraph.
 *
 * Every step leaves a part untouched when it has nothing to do, so templates without these
 * habits render byte-identical to before.
 */

/** The parts with the document's text: body, headers, footers, notes. */
export const TEXT_PART = /^word\/(document\d*|header\d+|footer\d+|footnotes|endnotes)\.xml$/;

/** Elements only tracked changes write. */
const REVISION = new RegExp(
  `<w:(${[
    'ins',
    'del',
    'moveFrom',
    'moveTo',
    'moveFromRangeStart',
    'moveToRangeStart',
    'rPrChange',
    'pPrChange',
    'sectPrChange',
    'tblPrChange',
    'tblPrExChange',
    'trPrChange',
    'tcPrChange',
    'tblGridChange',
    'numberingChange',
    'cellIns',
    'cellDel',
    'cellMerge',
  ].join('|')})(?=[\\s>/])`,
);

export function hasRevisions(xml: string): boolean {
  return REVISION.test(xml);
}

/** An element, self-closing or with its content (the names below never nest in themselves). */
const element = (name: string) =>
  new RegExp(`<w:${name}(?=[\\s>/])[^>]*?(?:/>|>[\\s\\S]*?</w:${name}>)`, 'g');

const PROPERTY_CHANGES = [
  'pPrChange',
  'rPrChange',
  'sectPrChange',
  'tblPrChange',
  'tblPrExChange',
  'trPrChange',
  'tcPrChange',
  'tblGridChange',
  'numberingChange',
].map(element);

/** A table row without a nested table. */
const TABLE_ROW = /<w:tr(?=[\s>])[^>]*>(?:(?!<w:tr[\s>])[\s\S])*?<\/w:tr>/g;
const DELETED_ROW = /<w:trPr>(?:(?!<\/w:trPr>)[\s\S])*?<w:del(?=[\s/>])/;
/** A paragraph (no nested one) whose mark was deleted, and the paragraph after it. */
const DELETED_MARK_THEN_PARAGRAPH =
  /<w:p(?=[\s>])[^>]*>(<w:pPr>(?:(?!<\/w:pPr>)[\s\S])*?<w:rPr>(?:(?!<\/w:rPr>)[\s\S])*?<w:del(?=[\s/])[^>]*\/>(?:(?!<\/w:pPr>)[\s\S])*?<\/w:pPr>)((?:(?!<\/?w:p[\s>/])[\s\S])*?)<\/w:p>(<w:p(?=[\s>])[^>]*>)(<w:pPr>[\s\S]*?<\/w:pPr>)?/;
const REMOVED_CONTENT = /<w:(del|moveFrom)(?=[\s>])[^>]*(?<!\/)>[\s\S]*?<\/w:\1>/g;
const KEPT_CONTENT_WRAPPER = /<w:(ins|moveTo)(?=[\s>/])[^>]*>|<\/w:(ins|moveTo)>/g;
const LEFT_MARKERS =
  /<w:(del|moveFrom|moveFromRangeStart|moveFromRangeEnd|moveToRangeStart|moveToRangeEnd|customXml(Ins|Del|MoveFrom|MoveTo)Range(Start|End)|cellIns|cellDel|cellMerge)(?=[\s/])[^>]*\/>/g;

/** The part as if every tracked change had been accepted in Word. */
export function acceptRevisions(xml: string): string {
  if (!hasRevisions(xml)) return xml;
  let result = xml;
  for (const change of PROPERTY_CHANGES) result = result.replace(change, '');
  result = result.replace(TABLE_ROW, (row) => (DELETED_ROW.test(row) ? '' : row));
  // A deleted paragraph mark joins the paragraph to the next, which keeps its own properties.
  for (let match = DELETED_MARK_THEN_PARAGRAPH.exec(result); match; ) {
    const [whole, , content = '', nextStart = '', nextProperties = ''] = match;
    result =
      result.slice(0, match.index) +
      nextStart +
      nextProperties +
      content +
      result.slice(match.index + whole.length);
    match = DELETED_MARK_THEN_PARAGRAPH.exec(result);
  }
  return result
    .replace(REMOVED_CONTENT, '')
    .replace(KEPT_CONTENT_WRAPPER, '')
    .replace(LEFT_MARKERS, '');
}

/** The attribute marking a paragraph to drop when the render leaves it empty. */
const MARK = 'lexpathDropIfEmpty="1"';
const MARK_ATTRIBUTE = ` ${MARK}`;

export type ParagraphSpan = {
  start: number;
  /** Just after the start tag. */
  contentStart: number;
  /** Where `</w:p>` begins. */
  contentEnd: number;
  end: number;
  /** Its own text (not that of the paragraphs of a text box inside it), still XML-escaped. */
  text: string;
  hasNested: boolean;
};

const PARAGRAPH_TOKEN =
  /<w:p(?=[\s>/])[^>]*?(\/?)>|<\/w:p>|<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:t(?:\s[^>]*)?\/>/g;

/** Every paragraph of a part with its text, in document order of their ends. */
export function paragraphSpans(xml: string): ParagraphSpan[] {
  const spans: ParagraphSpan[] = [];
  const open: Omit<ParagraphSpan, 'contentEnd' | 'end'>[] = [];
  for (const match of xml.matchAll(PARAGRAPH_TOKEN)) {
    const [token, selfClosing, text] = match;
    if (token.startsWith('<w:p')) {
      if (selfClosing) continue;
      const outer = open.at(-1);
      if (outer) outer.hasNested = true;
      open.push({
        start: match.index,
        contentStart: match.index + token.length,
        text: '',
        hasNested: false,
      });
    } else if (token === '</w:p>') {
      const paragraph = open.pop();
      if (paragraph) {
        spans.push({ ...paragraph, contentEnd: match.index, end: match.index + token.length });
      }
    } else if (text !== undefined) {
      const paragraph = open.at(-1);
      if (paragraph) paragraph.text += text;
    }
  }
  return spans;
}

/** `{#…}`, `{^…}`, `{/…}`: the tags docxtemplater's loop module reads. */
export const SECTION_TAG = /\{[#^/]/;
const TAG_ONLY = /^\s*\{([#^/])[^{}]*\}\s*$/;
const SECTION_PROPERTIES = /<w:sectPr(?=[\s>])[\s\S]*?<\/w:sectPr>|<w:sectPr\b[^>]*\/>/;
const PARAGRAPH_PROPERTIES = /^<w:pPr>[\s\S]*?<\/w:pPr>/;

function sectionBreakHolder(sectPr: string): string {
  return `<w:p><w:pPr>${sectPr}</w:pPr></w:p>`;
}

/** The section properties in a paragraph's own properties, if any. */
export function sectionBreakOf(xml: string, paragraph: ParagraphSpan): string | undefined {
  const properties = PARAGRAPH_PROPERTIES.exec(
    xml.slice(paragraph.contentStart, paragraph.contentEnd),
  )?.[0];
  return properties ? SECTION_PROPERTIES.exec(properties)?.[0] : undefined;
}

/** The text of `<w:t>` elements without the whitespace around the one tag they hold. */
function withoutWhitespaceAroundTag(paragraphXml: string): string {
  let inTag = false;
  return paragraphXml.replace(
    /(<w:t(?:\s[^>]*)?>)([^<]*)(<\/w:t>)/g,
    (_whole, open: string, text: string, close: string) => {
      let kept = '';
      for (const character of text) {
        if (character === '{') inTag = true;
        if (inTag || !/\s/.test(character)) kept += character;
        if (character === '}') inTag = false;
      }
      return `${open}${kept}${close}`;
    },
  );
}

/** Before the render: tidies tag-only paragraphs and marks paragraphs with inline sections. */
function prepareParagraphs(xml: string): string {
  if (!SECTION_TAG.test(xml)) return xml;
  const edits: { start: number; end: number; text: string }[] = [];
  for (const paragraph of paragraphSpans(xml)) {
    if (paragraph.hasNested || !SECTION_TAG.test(paragraph.text)) continue;
    const original = xml.slice(paragraph.start, paragraph.end);
    // Marked whether or not the tag is alone: `{/}` closing a section opened inline is not
    // removed by docxtemplater's paragraph loop, and is left empty.
    let replacement = `<w:p${MARK_ATTRIBUTE}${original.slice('<w:p'.length)}`;
    const tagOnly = TAG_ONLY.exec(paragraph.text);
    if (!tagOnly) {
      edits.push({ start: paragraph.start, end: paragraph.end, text: replacement });
      continue;
    }
    if (paragraph.text !== paragraph.text.trim()) {
      replacement = withoutWhitespaceAroundTag(replacement);
    }
    const sectPr = sectionBreakOf(xml, paragraph);
    if (sectPr) {
      // Outside the section whatever its condition: before an opening tag, after a closing one.
      replacement = replacement.replace(sectPr, '');
      replacement =
        tagOnly[1] === '/'
          ? replacement + sectionBreakHolder(sectPr)
          : sectionBreakHolder(sectPr) + replacement;
    }
    edits.push({ start: paragraph.start, end: paragraph.end, text: replacement });
  }
  return applyEdits(xml, edits);
}

/** Replaces non-overlapping ranges in one pass: a long contract has thousands of them. */
export function applyEdits(
  xml: string,
  edits: { start: number; end: number; text: string }[],
): string {
  if (edits.length === 0) return xml;
  const pieces: string[] = [];
  let position = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    pieces.push(xml.slice(position, edit.start), edit.text);
    position = edit.end;
  }
  pieces.push(xml.slice(position));
  return pieces.join('');
}

/** What makes a paragraph visible besides its text. */
const VISIBLE_CONTENT =
  /<w:(drawing|pict|object|br|cr|tab|ptab|sym|fldChar|fldSimple|instrText|footnoteReference|endnoteReference|txbxContent|sdt|noBreakHyphen|softHyphen|pgNum)(?=[\s>/])|<mc:AlternateContent|<m:oMath|<w:bookmarkStart(?![^>]*w:name="_GoBack")/;

function isEmptyParagraph(content: string): boolean {
  const text = [...content.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)]
    .map((match) => match[1])
    .join('');
  return (
    text.replace(/&#160;|&#xA0;/gi, ' ').trim() === '' &&
    !VISIBLE_CONTENT.test(content.replace(PARAGRAPH_PROPERTIES, ''))
  );
}

type Cursor = { part: number; offset: number };

/** A paragraph longer than this is not one the render emptied. */
const LONGEST_EMPTY_PARAGRAPH = 64 * 1024;

/** The content of the paragraph whose start tag ends at `from`, and where it ends. */
function readParagraph(
  parts: unknown[],
  from: Cursor,
): { content: string; end: Cursor } | undefined {
  let content = '';
  for (let index = from.part; index < parts.length; index += 1) {
    const part = parts[index];
    if (typeof part !== 'string') return undefined;
    const offset = index === from.part ? from.offset : 0;
    const close = part.indexOf('</w:p>', offset);
    content += part.slice(offset, close === -1 ? undefined : close);
    // A paragraph holding another (a text box) is never empty.
    if (/<w:p[\s>]/.test(content) || content.length > LONGEST_EMPTY_PARAGRAPH) return undefined;
    if (close !== -1) return { content, end: { part: index, offset: close + '</w:p>'.length } };
  }
  return undefined;
}

/** The markup right after a position, across parts (whitespace skipped). */
function markupAfter(parts: unknown[], from: Cursor): string {
  for (let index = from.part; index < parts.length; index += 1) {
    const part = parts[index];
    if (typeof part !== 'string') return '';
    const rest = (index === from.part ? part.slice(from.offset) : part).trimStart();
    if (rest) return rest.slice(0, 32);
  }
  return '';
}

/** The markup right before a position, across parts (whitespace skipped). */
function markupBefore(parts: unknown[], to: Cursor): string {
  for (let index = to.part; index >= 0; index -= 1) {
    const part = parts[index];
    if (typeof part !== 'string') return '';
    const rest = (index === to.part ? part.slice(0, to.offset) : part).trimEnd();
    if (rest) return rest.slice(-32);
  }
  return '';
}

const CONTAINER_END = /^<\/w:(tc|txbxContent|footnote|endnote|hdr|ftr|sdtContent|comment)>/;

/**
 * After the render of a part, on docxtemplater's pieces (never the whole part as one string:
 * a long contract's XML is tens of MB, and the render must stay within its worker's heap):
 * removes the marked paragraphs left empty, then every mark. A removed paragraph that carried
 * a section break leaves that break in a paragraph of its own; the last paragraph of a table
 * cell, text box or note leaves an empty one (they must hold one).
 */
export function finishParts(parts: unknown[]): unknown[] {
  if (!parts.some((part) => typeof part === 'string' && part.includes(MARK))) return parts;
  const edits: { from: Cursor; to: Cursor; text: string }[] = [];
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index];
    if (typeof part !== 'string') continue;
    for (let at = part.indexOf(MARK); at !== -1; at = part.indexOf(MARK, at + MARK.length)) {
      const start = at - '<w:p '.length;
      if (!part.startsWith('<w:p ', start)) continue;
      const from = { part: index, offset: start };
      const paragraph = readParagraph(parts, { part: index, offset: part.indexOf('>', at) + 1 });
      if (!paragraph || !isEmptyParagraph(paragraph.content)) continue;
      const sectPr = SECTION_PROPERTIES.exec(
        PARAGRAPH_PROPERTIES.exec(paragraph.content)?.[0] ?? '',
      )?.[0];
      const lastInContainer =
        CONTAINER_END.test(markupAfter(parts, paragraph.end)) &&
        !/<\/w:(p|tbl|sdt)>$/.test(markupBefore(parts, from));
      const text = sectPr ? sectionBreakHolder(sectPr) : lastInContainer ? '<w:p/>' : '';
      edits.push({ from, to: paragraph.end, text });
    }
  }
  const result = [...parts];
  // From the last, so that earlier cursors stay valid.
  for (const { from, to, text } of edits.reverse()) {
    const first = result[from.part] as string;
    if (from.part === to.part) {
      result[from.part] = first.slice(0, from.offset) + text + first.slice(to.offset);
      continue;
    }
    result[from.part] = first.slice(0, from.offset) + text;
    for (let index = from.part + 1; index < to.part; index += 1) result[index] = '';
    result[to.part] = (result[to.part] as string).slice(to.offset);
  }
  return result.map((part) =>
    typeof part === 'string' && part.includes(MARK) ? part.replaceAll(MARK_ATTRIBUTE, '') : part,
  );
}

/** The docxtemplater module finishing each rendered part (see `finishParts`). */
export function emptyParagraphsModule(): DXT.Module {
  // Parts are strings, or bytes some modules write; bytes are left as they are.
  return { name: 'EmptyParagraphs', postrender: (parts) => finishParts(parts) as string[] };
}

/** Removes the comment parts, their relationships and content types. */
function dropCommentParts(zip: PizZip): void {
  const parts = Object.keys(zip.files).filter((name) => COMMENT_PARTS.test(name));
  if (parts.length === 0) return;
  for (const name of parts) zip.remove(name);
  for (const name of Object.keys(zip.files)) {
    if (!name.endsWith('.rels') || zip.files[name]?.dir) continue;
    const xml = zip.file(name)?.asText() ?? '';
    const kept = xml.replace(/<Relationship\b[^>]*?(?:\/>|>[\s\S]*?<\/Relationship>)/g, (tag) =>
      COMMENT_TYPE.test(/\sType="([^"]*)"/.exec(tag)?.[1] ?? '') ? '' : tag,
    );
    if (kept !== xml) zip.file(name, kept);
  }
  const types = zip.file('[Content_Types].xml')?.asText();
  if (types) {
    const removed = new Set(parts.map((name) => `/${name}`));
    const kept = types.replace(/<Override\b[^>]*\/>/g, (tag) =>
      removed.has(/\sPartName="([^"]*)"/.exec(tag)?.[1] ?? '') ? '' : tag,
    );
    if (kept !== types) zip.file('[Content_Types].xml', kept);
  }
}

/**
 * The template as the renderer uses it (once per loaded template): without comments and
 * revisions, with its section tags' paragraphs prepared and its bound checkboxes given their
 * tags (word-checkboxes.ts). Changes the zip in place.
 */
export function prepareTemplate(zip: PizZip): void {
  dropCommentParts(zip);
  for (const name of Object.keys(zip.files)) {
    if (!TEXT_PART.test(name)) continue;
    const xml = zip.file(name)?.asText() ?? '';
    const next = bindCheckboxes(prepareParagraphs(dropCommentMarks(acceptRevisions(xml))));
    // As bytes: outside the worker's JavaScript heap until docxtemplater reads the part.
    if (next !== xml) zip.file(name, Buffer.from(next, 'utf8'));
  }
}
