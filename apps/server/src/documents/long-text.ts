/**
 * A blank line in a long answer (`testo_lungo`) starts a new paragraph in the style of the
 * paragraph holding the tag. docxtemplater inserts a value inside one run of one paragraph, and
 * turns a newline into a `w:br` there: the tag's value marks each paragraph break with a
 * character no answer holds (`markParagraphs`), and once the part is rendered each mark closes
 * the run and the paragraph and opens new ones with the same properties
 * (`splitMarkedParagraphs`). The tag keeps working wherever a paragraph can be: the body, a
 * table cell, a header, a text box.
 */

/** A private-use character: never typed, never in a Word file LexPath renders. */
export const PARAGRAPH_MARK = '\ue000';

const BLANK_LINES = /[ \t]*\n(?:[ \t]*\n)+[ \t]*/g;

/** "uno\n\ndue" → "uno" + mark + "due"; a single newline stays a line break. */
export function markParagraphs(text: string): string {
  return text.replace(BLANK_LINES, PARAGRAPH_MARK);
}

/** The index just past the element that opens at `start` (nested ones of its name counted). */
function elementEnd(xml: string, start: number, name: string): number {
  const tag = new RegExp(`<${name}(?=[\\s>/])[^>]*?(/?)>|</${name}>`, 'g');
  tag.lastIndex = start;
  let depth = 0;
  for (let match = tag.exec(xml); match; match = tag.exec(xml)) {
    if (match[0].startsWith('</')) depth -= 1;
    else if (match[1] !== '/') depth += 1;
    if (depth === 0) return match.index + match[0].length;
  }
  return xml.length;
}

/** The element of that name starting exactly at `index`, or an empty string. */
function elementAt(xml: string, index: number, name: string): string {
  if (!new RegExp(`^<${name}(?=[\\s>/])`).test(xml.slice(index, index + name.length + 2)))
    return '';
  return xml.slice(index, elementEnd(xml, index, name));
}

/** Where the innermost paragraph holding `index` opens, and its opening tag. */
function enclosingParagraph(xml: string, index: number): { start: number; open: string } | null {
  const tag = /<w:p(?=[\s>/])[^>]*>|<\/w:p>/g;
  const open: { start: number; open: string }[] = [];
  for (let match = tag.exec(xml); match && match.index < index; match = tag.exec(xml)) {
    if (match[0] === '</w:p>') open.pop();
    else if (!match[0].endsWith('/>')) open.push({ start: match.index, open: match[0] });
  }
  return open.at(-1) ?? null;
}

/** The last match of `pattern` starting in [from, to). */
function lastMatch(xml: string, pattern: RegExp, from: number, to: number) {
  const global = new RegExp(pattern.source, 'g');
  global.lastIndex = from;
  let last: RegExpExecArray | null = null;
  for (let match = global.exec(xml); match && match.index < to; match = global.exec(xml)) {
    last = match;
  }
  return last;
}

/** The left indent of a list level's text, by numId and level: `<w:ind w:left="720"/>`. */
export type LevelIndent = (numId: string, level: string) => string | undefined;

/**
 * The indent of the text of each list level in numbering.xml: a paragraph that continues a
 * numbered item starts where the item's text starts, not under its number.
 */
export function levelIndents(numberingXml: string | undefined): LevelIndent {
  if (!numberingXml) return () => undefined;
  const abstracts = new Map<string, string>();
  const abstractPattern =
    /<w:abstractNum\b[^>]*w:abstractNumId="(\d+)"[^>]*>([\s\S]*?)<\/w:abstractNum>/g;
  for (const match of numberingXml.matchAll(abstractPattern)) {
    abstracts.set(match[1] ?? '', match[2] ?? '');
  }
  const numbers = new Map<string, string>();
  const numPattern = /<w:num\b[^>]*w:numId="(\d+)"[^>]*>[\s\S]*?<w:abstractNumId w:val="(\d+)"/g;
  for (const match of numberingXml.matchAll(numPattern)) {
    numbers.set(match[1] ?? '', match[2] ?? '');
  }
  return (numId, level) => {
    const abstract = abstracts.get(numbers.get(numId) ?? '') ?? '';
    const lvl = new RegExp(`<w:lvl\\b[^>]*w:ilvl="${level}"[\\s\\S]*?</w:lvl>`).exec(abstract);
    const left = lvl && /<w:ind\b[^>]*w:(?:left|start)="(\d+)"/.exec(lvl[0])?.[1];
    return left ? `<w:ind w:left="${left}"/>` : undefined;
  };
}

/** The paragraph properties that follow w:ind in the schema's order. */
const AFTER_INDENT =
  /<w:(?:contextualSpacing|mirrorIndents|suppressOverlap|jc|textDirection|textAlignment|textboxTightWrap|outlineLvl|divId|cnfStyle|rPr|sectPr|pPrChange)\b|<\/w:pPr>/;

/**
 * The properties of a paragraph that continues another: the same style and formatting, without
 * its number (the item is one item, its second paragraph is not the next one) but indented as
 * the item's text, and without the section break, which stays on the last paragraph of the
 * section.
 */
function continuationProperties(pPr: string, indentOf: LevelIndent): string {
  const properties = pPr.replace(/<w:sectPr(?=[\s>])[\s\S]*<\/w:sectPr>/, '');
  const numbering = /<w:numPr>([\s\S]*?)<\/w:numPr>/.exec(properties);
  if (!numbering) return properties;
  const numId = /<w:numId w:val="(\d+)"/.exec(numbering[1] ?? '')?.[1] ?? '';
  const level = /<w:ilvl w:val="(\d+)"/.exec(numbering[1] ?? '')?.[1] ?? '0';
  const unnumbered = properties.replace(
    numbering[0],
    '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="0"/></w:numPr>',
  );
  const indent = /<w:ind\b/.test(pPr) ? undefined : indentOf(numId, level);
  const next = indent ? AFTER_INDENT.exec(unnumbered) : null;
  return next
    ? unnumbered.slice(0, next.index) + indent + unnumbered.slice(next.index)
    : unnumbered;
}

/** Splits the paragraph holding the mark at `at` in two there. */
function splitAt(xml: string, at: number, indentOf: LevelIndent): string {
  const paragraph = enclosingParagraph(xml, at);
  const run = paragraph && lastMatch(xml, /<w:r(?=[\s>])[^>]*>/, paragraph.start, at);
  if (!paragraph || !run) return xml.slice(0, at) + xml.slice(at + 1);
  const pPrStart = paragraph.start + paragraph.open.length;
  const pPr = elementAt(xml, pPrStart, 'w:pPr');
  const rPr = elementAt(xml, run.index + run[0].length, 'w:rPr');
  // Word identifies paragraphs by w14:paraId: the new one must not repeat it.
  const open = paragraph.open.replace(/\s+w14:(paraId|textId)="[^"]*"/g, '');
  const sectionBreak = /<w:sectPr(?=[\s>])[\s\S]*<\/w:sectPr>/.exec(pPr)?.[0];
  // A section break moves to the second paragraph, the last of the section now.
  const firstPPr = sectionBreak ? pPr.replace(sectionBreak, '') : pPr;
  const nextPPr = continuationProperties(pPr, indentOf).replace(
    /<\/w:pPr>$/,
    `${sectionBreak ?? ''}</w:pPr>`,
  );
  return (
    xml.slice(0, pPrStart) +
    firstPPr +
    xml.slice(pPrStart + pPr.length, at) +
    `</w:t></w:r></w:p>${open}${nextPPr}${run[0]}${rPr}<w:t xml:space="preserve">` +
    xml.slice(at + 1)
  );
}

/** Every paragraph mark of a rendered part made a paragraph break. */
export function splitMarkedParagraphs(
  xml: string,
  indentOf: LevelIndent = () => undefined,
): string {
  let result = xml;
  for (let at = result.indexOf(PARAGRAPH_MARK); at !== -1; ) {
    const before = result.length;
    result = splitAt(result, at, indentOf);
    // The text after the mark moved by what was inserted before it.
    at = result.indexOf(PARAGRAPH_MARK, at + (result.length - before));
  }
  return result;
}
