import type PizZip from 'pizzip';
import { type Numbering, readNumbering } from './cross-references.ts';
import { decodeXmlText } from './render.ts';
import { paragraphSpans } from './word-cleanup.ts';

/**
 * References typed by hand to a list Word numbers on its own («ai sensi dell'art. 5», «di cui
 * al punto d)»), in a master where some items of that list are conditional: when a condition
 * drops article 4, Word numbers the old article 5 as 4, and the typed «art. 5» now names the
 * wrong clause. A Word cross-reference (REF field) is kept right by the renderer
 * (cross-references.ts); a typed one cannot be, so the lint names it.
 *
 * A reference counts when its number lies among the list's items from its first conditional one
 * on (an earlier item keeps its number), and it does not cite a law («art. 1341 c.c.», «art. 13
 * del GDPR», «art. 2, comma 1, d.lgs. 231/2001»).
 */

export type TypedReference = {
  /** The reference as written: «art. 5», «punto d)». */
  reference: string;
  /** The paragraph's text as typed (no field results, no tags). */
  paragraph: string;
};

type ListLevel = {
  kind: 'number' | 'letter';
  /** The number of the first item inside a condition, and of the last item. */
  firstConditional: number;
  last: number;
};

const REFERENCE =
  /(?<![\p{L}\p{N}])(art(?:t)?\.|articol[oi]|comm[ai]|punt[oi]|letter[ae]|lett\.)\s*(\d{1,3}(?!\d)(?![,.]\d)|[a-z]\))/giu;

/** What follows a reference that cites a law or a code, not a clause of this document. */
const LAW_CITATION =
  /^\s*(?:(?:[,;]\s*)?(?:(?:comma|co\.|lett\.|lettera|n\.|num\.)\s*\S+\s*)|(?:bis|ter|quater|quinquies|sexies)\b\s*)*,?\s*(?:(?:del|della|dello|dal|dalla)\s+)?(?:c\.\s?c\.|c\.\s?p\.|c\.\s?p\.\s?c\.|c\.\s?p\.\s?p\.|cod\.|codice|cost\.|costituzione|d\.\s?lgs|dlgs|d\.\s?l\.|d\.\s?m\.|d\.\s?p\.\s?r|dpr|l\.|legge|decreto|reg\.|regolamento|gdpr|tuir|t\.\s?u\.|testo unico|direttiva|dir\.|r\.\s?d\.|preleggi|disp\.)/iu;

const NUMBER_FORMATS = new Set([
  'decimal',
  'decimalZero',
  'ordinal',
  'cardinalText',
  'ordinalText',
]);
const LETTER_FORMATS = new Set(['lowerLetter', 'upperLetter']);

/** The numbering of a paragraph: its own `w:numPr`, or its style's. */
function numberingOf(
  paragraphXml: string,
  numbering: Numbering,
): { numId: string; ilvl: number } | undefined {
  const properties = /^<w:p\b[^>]*>\s*<w:pPr>([\s\S]*?)<\/w:pPr>/.exec(paragraphXml)?.[1] ?? '';
  const numPr = /<w:numPr>([\s\S]*?)<\/w:numPr>/.exec(properties)?.[1];
  const style = /<w:pStyle\b[^>]*?w:val="([^"]*)"/.exec(properties)?.[1];
  const fromStyle = style === undefined ? undefined : numbering.styles.get(style);
  const numId = /<w:numId\b[^>]*?w:val="([^"]*)"/.exec(numPr ?? '')?.[1] ?? fromStyle?.numId;
  if (numId === undefined || numId === '0') return undefined;
  const ilvl = /<w:ilvl\b[^>]*?w:val="(\d+)"/.exec(numPr ?? '')?.[1];
  return { numId, ilvl: ilvl === undefined ? (fromStyle?.ilvl ?? 0) : Number(ilvl) };
}

/** Text a reader sees as typed: no field (its cached result is Word's, not typed), no tag. */
function typedText(paragraphXml: string): string {
  let depth = 0;
  let text = '';
  const token =
    /<w:fldSimple\b[^>]*\/>|<w:fldSimple\b[^>]*>[\s\S]*?<\/w:fldSimple>|<w:fldChar\b[^>]*?w:fldCharType="(begin|end)"[^>]*>|<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>|<w:br\b[^>]*\/>/g;
  for (const [whole, fieldChar, content] of paragraphXml.matchAll(token)) {
    if (fieldChar === 'begin') depth += 1;
    else if (fieldChar === 'end') depth = Math.max(0, depth - 1);
    else if (content !== undefined) {
      if (depth === 0) text += content;
    } else if (!whole.startsWith('<w:fldSimple') && depth === 0) text += ' ';
  }
  return decodeXmlText(text).replace(/\{[^{}]*\}/g, ' ');
}

/** Each level of each list with items inside a condition, by `numId:ilvl`. */
function conditionalLists(
  xml: string,
  numbering: Numbering,
): { lists: Map<string, ListLevel>; paragraphs: string[] } {
  const counters = new Map<string, number>();
  const lists = new Map<string, ListLevel>();
  const paragraphs: string[] = [];
  let openSections = 0;
  let tag: string | undefined;
  const spans = paragraphSpans(xml)
    .filter((span) => !span.hasNested)
    .sort((a, b) => a.start - b.start);
  for (const span of spans) {
    const paragraphXml = xml.slice(span.start, span.end);
    paragraphs.push(paragraphXml);
    const numbered = numberingOf(paragraphXml, numbering);
    if (numbered) {
      const { numId, ilvl } = numbered;
      const abstract = numbering.nums.get(numId);
      const level = abstract ? numbering.abstracts.get(abstract.abstract)?.get(ilvl) : undefined;
      const start = abstract?.starts.get(ilvl) ?? level?.start ?? 1;
      const key = `${numId}:${ilvl}`;
      const value = (counters.get(key) ?? start - 1) + 1;
      counters.set(key, value);
      // A deeper level restarts under each item of this one.
      for (const other of counters.keys()) {
        const [id, deeper] = other.split(':');
        if (id === numId && Number(deeper) > ilvl) counters.delete(other);
      }
      const format = level?.format ?? 'decimal';
      const kind = NUMBER_FORMATS.has(format)
        ? 'number'
        : LETTER_FORMATS.has(format)
          ? 'letter'
          : undefined;
      const known = lists.get(key);
      if (known) known.last = Math.max(known.last, value);
      else if (kind && openSections > 0) {
        lists.set(key, { kind, firstConditional: value, last: value });
      }
    }
    // Section tags may be split across runs: their characters are read in order.
    for (const character of decodeXmlText(span.text)) {
      if (character === '{') tag = '{';
      else if (tag !== undefined) {
        tag += character;
        if (character !== '}') continue;
        if (/^\{[#^]/.test(tag)) openSections += 1;
        else if (tag.startsWith('{/')) openSections = Math.max(0, openSections - 1);
        tag = undefined;
      }
    }
  }
  return { lists, paragraphs };
}

/** The body's typed references to a numbered list that has conditional items. */
export function findTypedReferences(zip: PizZip): TypedReference[] {
  const xml = zip.file('word/document.xml')?.asText() ?? '';
  if (!/<w:numPr>|<w:numId\b/.test(xml) && !zip.file('word/numbering.xml')) return [];
  const numbering = readNumbering(zip);
  const { lists, paragraphs } = conditionalLists(xml, numbering);
  if (lists.size === 0) return [];
  const shifts = (kind: ListLevel['kind'], value: number) =>
    [...lists.values()].some(
      (list) => list.kind === kind && value >= list.firstConditional && value <= list.last,
    );
  const found: TypedReference[] = [];
  for (const paragraphXml of paragraphs) {
    const text = typedText(paragraphXml);
    for (const match of text.matchAll(REFERENCE)) {
      const [whole, , target = ''] = match;
      const after = text.slice((match.index ?? 0) + whole.length);
      if (LAW_CITATION.test(after)) continue;
      const letter = /^[a-z]\)$/i.test(target);
      const value = letter ? target.toLowerCase().charCodeAt(0) - 96 : Number(target);
      if (!shifts(letter ? 'letter' : 'number', value)) continue;
      found.push({ reference: whole.replace(/\s+/g, ' '), paragraph: text.trim() });
    }
  }
  return found;
}
