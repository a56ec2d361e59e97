import type PizZip from 'pizzip';
import { decodeXmlText } from './render.ts';
import { paragraphSpans } from './word-cleanup.ts';

/**
 * Word keeps the last computed text of every field in the file. A master's «ai sensi
 * dell'art. 5» is a REF field whose cached text was computed with every clause present: once a
 * condition drops article 4, the heading Word numbers on its own becomes 4, but the field still
 * says 5 until someone updates the fields. So after a render the cached results of the fields
 * that count paragraphs — REF to a numbered paragraph, SEQ — are computed again from the kept
 * text, and the document asks Word to update every field on open (PAGEREF and the rest need
 * the page layout only Word has). LibreOffice recomputes fields itself: the PDF is right anyway.
 */

const DOCUMENT = 'word/document.xml';
const SETTINGS = 'word/settings.xml';

/** Fields whose results count paragraphs or pages: present, the document is refreshed. */
const COUNTING_FIELD = /\b(?:REF|PAGEREF|NOTEREF|SEQ)\s/;

type Level = { start: number; format: string; text: string };
export type Numbering = {
  /** numId → abstractNumId, and the level restarts a `w:num` overrides. */
  nums: Map<string, { abstract: string; starts: Map<number, number> }>;
  abstracts: Map<string, Map<number, Level>>;
  /** Paragraph style → its numbering (numId, level), through `w:basedOn`. */
  styles: Map<string, { numId: string; ilvl: number }>;
};

const attribute = (xml: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(xml)?.[1];

export function readNumbering(zip: PizZip): Numbering {
  const numbering = zip.file('word/numbering.xml')?.asText() ?? '';
  const abstracts = new Map<string, Map<number, Level>>();
  for (const [, id, body] of numbering.matchAll(
    /<w:abstractNum\b[^>]*?w:abstractNumId="([^"]*)"[^>]*>([\s\S]*?)<\/w:abstractNum>/g,
  )) {
    const levels = new Map<number, Level>();
    for (const [, ilvl, level] of (body ?? '').matchAll(
      /<w:lvl\b[^>]*?w:ilvl="(\d+)"[^>]*>([\s\S]*?)<\/w:lvl>/g,
    )) {
      levels.set(Number(ilvl), {
        start: Number(attribute(/<w:start\b[^>]*>/.exec(level ?? '')?.[0] ?? '', 'w:val') ?? 1),
        format: attribute(/<w:numFmt\b[^>]*>/.exec(level ?? '')?.[0] ?? '', 'w:val') ?? 'decimal',
        text: decodeXmlText(
          attribute(/<w:lvlText\b[^>]*>/.exec(level ?? '')?.[0] ?? '', 'w:val') ?? '',
        ),
      });
    }
    abstracts.set(id ?? '', levels);
  }
  const nums = new Map<string, { abstract: string; starts: Map<number, number> }>();
  for (const [, id, body] of numbering.matchAll(
    /<w:num\b[^>]*?w:numId="([^"]*)"[^>]*>([\s\S]*?)<\/w:num>/g,
  )) {
    const starts = new Map<number, number>();
    for (const [, ilvl, override] of (body ?? '').matchAll(
      /<w:lvlOverride\b[^>]*?w:ilvl="(\d+)"[^>]*>([\s\S]*?)<\/w:lvlOverride>/g,
    )) {
      const start = /<w:startOverride\b[^>]*?w:val="(\d+)"/.exec(override ?? '')?.[1];
      if (start !== undefined) starts.set(Number(ilvl), Number(start));
    }
    const abstract = /<w:abstractNumId\b[^>]*?w:val="([^"]*)"/.exec(body ?? '')?.[1] ?? '';
    nums.set(id ?? '', { abstract, starts });
  }
  return { nums, abstracts, styles: readStyleNumbering(zip) };
}

function readStyleNumbering(zip: PizZip): Map<string, { numId: string; ilvl: number }> {
  const styles = zip.file('word/styles.xml')?.asText() ?? '';
  const own = new Map<string, { numId?: string; ilvl?: number; basedOn?: string }>();
  for (const [, id, body] of styles.matchAll(
    /<w:style\b[^>]*?w:styleId="([^"]*)"[^>]*>([\s\S]*?)<\/w:style>/g,
  )) {
    const numPr = /<w:numPr>([\s\S]*?)<\/w:numPr>/.exec(body ?? '')?.[1] ?? '';
    const numId = /<w:numId\b[^>]*?w:val="([^"]*)"/.exec(numPr)?.[1];
    const ilvl = /<w:ilvl\b[^>]*?w:val="(\d+)"/.exec(numPr)?.[1];
    const basedOn = /<w:basedOn\b[^>]*?w:val="([^"]*)"/.exec(body ?? '')?.[1];
    own.set(id ?? '', {
      ...(numId !== undefined ? { numId } : {}),
      ...(ilvl !== undefined ? { ilvl: Number(ilvl) } : {}),
      ...(basedOn !== undefined ? { basedOn } : {}),
    });
  }
  const resolved = new Map<string, { numId: string; ilvl: number }>();
  for (const id of own.keys()) {
    let numId: string | undefined;
    let ilvl: number | undefined;
    const seen = new Set<string>();
    for (let style = own.get(id), name = id; style && !seen.has(name); ) {
      seen.add(name);
      numId ??= style.numId;
      ilvl ??= style.ilvl;
      name = style.basedOn ?? '';
      style = style.basedOn ? own.get(style.basedOn) : undefined;
    }
    if (numId !== undefined && numId !== '0') resolved.set(id, { numId, ilvl: ilvl ?? 0 });
  }
  return resolved;
}

const ROMAN: [number, string][] = [
  [1000, 'm'],
  [900, 'cm'],
  [500, 'd'],
  [400, 'cd'],
  [100, 'c'],
  [90, 'xc'],
  [50, 'l'],
  [40, 'xl'],
  [10, 'x'],
  [9, 'ix'],
  [5, 'v'],
  [4, 'iv'],
  [1, 'i'],
];

function roman(value: number): string {
  let rest = value;
  let written = '';
  for (const [amount, letters] of ROMAN) {
    while (rest >= amount) {
      written += letters;
      rest -= amount;
    }
  }
  return written;
}

/** a … z, aa … zz: Word's letter numbering. */
function letters(value: number): string {
  const letter = String.fromCharCode(97 + ((value - 1) % 26));
  return letter.repeat(Math.floor((value - 1) / 26) + 1);
}

function formatNumber(value: number, format: string): string {
  switch (format) {
    case 'lowerLetter':
      return letters(value);
    case 'upperLetter':
      return letters(value).toUpperCase();
    case 'lowerRoman':
      return roman(value);
    case 'upperRoman':
      return roman(value).toUpperCase();
    case 'decimalZero':
      return String(value).padStart(2, '0');
    default:
      return String(value);
  }
}

/** A paragraph number as Word shows it, split into its literal text and its numbers. */
type NumberParts = { literal: boolean; text: string }[];

/** The numbers Word gives the numbered paragraphs of a body, by paragraph index. */
function numberParagraphs(xml: string, numbering: Numbering): Map<number, NumberParts> {
  const numbers = new Map<number, NumberParts>();
  const counters = new Map<string, number[]>();
  const restarted = new Set<string>();
  paragraphSpans(xml).forEach((paragraph, index) => {
    const properties = /^<w:pPr>([\s\S]*?)<\/w:pPr>/.exec(
      xml.slice(paragraph.contentStart, paragraph.contentEnd),
    )?.[1];
    if (!properties) return;
    const numPr = /<w:numPr>([\s\S]*?)<\/w:numPr>/.exec(properties)?.[1];
    const style = /<w:pStyle\b[^>]*?w:val="([^"]*)"/.exec(properties)?.[1];
    const fromStyle = style ? numbering.styles.get(style) : undefined;
    const numId = (numPr && /<w:numId\b[^>]*?w:val="([^"]*)"/.exec(numPr)?.[1]) ?? fromStyle?.numId;
    const ilvl = Number(
      (numPr && /<w:ilvl\b[^>]*?w:val="(\d+)"/.exec(numPr)?.[1]) ?? fromStyle?.ilvl ?? 0,
    );
    const num = numId && numId !== '0' ? numbering.nums.get(numId) : undefined;
    const levels = num ? numbering.abstracts.get(num.abstract) : undefined;
    const level = levels?.get(ilvl);
    if (!num || !levels || !level || level.format === 'bullet' || level.format === 'none') return;
    // Lists sharing an abstract numbering continue each other, unless a w:num restarts it.
    let counter = counters.get(num.abstract) ?? [];
    if (num.starts.size > 0 && !restarted.has(numId as string)) {
      restarted.add(numId as string);
      counter = [];
      for (const [overridden, start] of num.starts) counter[overridden] = start - 1;
    }
    counter[ilvl] = (counter[ilvl] ?? (levels.get(ilvl)?.start ?? 1) - 1) + 1;
    counter.length = ilvl + 1;
    counters.set(num.abstract, counter);
    const parts: NumberParts = [];
    let rest = level.text;
    for (let match = /%(\d)/.exec(rest); match; match = /%(\d)/.exec(rest)) {
      if (match.index > 0) parts.push({ literal: true, text: rest.slice(0, match.index) });
      const shown = Number(match[1]) - 1;
      const value = counter[shown] ?? levels.get(shown)?.start ?? 1;
      parts.push({
        literal: false,
        text: formatNumber(value, levels.get(shown)?.format ?? 'decimal'),
      });
      rest = rest.slice(match.index + match[0].length);
    }
    if (rest) parts.push({ literal: true, text: rest });
    numbers.set(index, parts);
  });
  return numbers;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The new text of a REF to a numbered paragraph: the paragraph's number in the form the cached
 * text has (whole «Art. 4.», without its final period «Art. 4», or only the number «4»). A
 * cached text of another shape (the bookmarked words themselves) is left to Word's update.
 */
function renumbered(cached: string, parts: NumberParts): string | undefined {
  const numbers = parts.filter((part) => !part.literal);
  const last = parts.at(-1);
  const withoutFinalStop =
    last?.literal && /[.)]$/.test(last.text)
      ? [...parts.slice(0, -1), { literal: true, text: last.text.slice(0, -1) }]
      : parts;
  const forms: NumberParts[] = [
    parts,
    withoutFinalStop,
    numbers.flatMap((part, index) => (index ? [{ literal: true, text: '.' }, part] : [part])),
    numbers.slice(-1),
  ];
  const trimmed = cached.trim();
  for (const form of forms) {
    // Any number stands where the form has one: the cached text holds the old number.
    const pattern = form
      .map((part) => (part.literal ? escapeRegExp(part.text) : '[0-9A-Za-z]+'))
      .join('');
    if (form.length > 0 && new RegExp(`^${pattern}$`).test(trimmed)) {
      return cached.replace(trimmed, form.map((part) => part.text).join(''));
    }
  }
  return undefined;
}

type Field = { instruction: string; results: { start: number; end: number }[]; inResult: boolean };

const FIELD_TOKEN =
  /<w:fldChar\b[^>]*?w:fldCharType="(begin|separate|end)"[^>]*>|<w:instrText\b[^>]*>([^<]*)<\/w:instrText>|<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:bookmarkStart\b[^>]*?\sw:name="([^"]*)"[^>]*\/>|<w:fldSimple\b[^>]*?\sw:instr="([^"]*)"[^>]*>([\s\S]*?)<\/w:fldSimple>/g;

/** The body's fields and bookmarks, in document order. */
function readFields(xml: string) {
  const fields: { instruction: string; results: { start: number; end: number }[] }[] = [];
  const bookmarks = new Map<string, number>();
  const open: Field[] = [];
  for (const match of xml.matchAll(FIELD_TOKEN)) {
    const [token, fieldChar, instruction, text, bookmark, simpleInstruction, simpleBody] = match;
    if (fieldChar === 'begin') open.push({ instruction: '', results: [], inResult: false });
    else if (fieldChar === 'separate') {
      const field = open.at(-1);
      if (field) field.inResult = true;
    } else if (fieldChar === 'end') {
      const field = open.pop();
      if (field) fields.push(field);
    } else if (instruction !== undefined) {
      const field = open.at(-1);
      if (field && !field.inResult) field.instruction += decodeXmlText(instruction);
    } else if (text !== undefined) {
      const field = open.at(-1);
      if (field?.inResult && open.length === 1) {
        const start = match.index + token.indexOf('>') + 1;
        field.results.push({ start, end: start + text.length });
      }
    } else if (bookmark !== undefined) {
      bookmarks.set(decodeXmlText(bookmark).toLowerCase(), match.index);
    } else if (simpleInstruction !== undefined) {
      const results: { start: number; end: number }[] = [];
      const bodyStart =
        match.index + token.length - (simpleBody ?? '').length - '</w:fldSimple>'.length;
      for (const inner of (simpleBody ?? '').matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)) {
        const start = bodyStart + inner.index + inner[0].indexOf('>') + 1;
        results.push({ start, end: start + (inner[1] ?? '').length });
      }
      fields.push({ instruction: decodeXmlText(simpleInstruction), results });
      // A bookmark inside a simple field's body still marks its paragraph.
      for (const inner of (simpleBody ?? '').matchAll(
        /<w:bookmarkStart\b[^>]*?\sw:name="([^"]*)"/g,
      )) {
        bookmarks.set(decodeXmlText(inner[1] ?? '').toLowerCase(), bodyStart + inner.index);
      }
    }
  }
  return { fields, bookmarks };
}

const SEQ_FORMATS: Record<string, string> = {
  ALPHABETIC: 'upperLetter',
  alphabetic: 'lowerLetter',
  ROMAN: 'upperRoman',
  roman: 'lowerRoman',
};

/**
 * Updates, in a rendered package, the cached results of the REF fields that cite a numbered
 * paragraph and of the SEQ fields, and asks Word to update all fields on open. A package
 * without such fields is left untouched, byte for byte.
 */
export function refreshCrossReferences(zip: PizZip): void {
  const xml = zip.file(DOCUMENT)?.asText();
  if (!xml || !COUNTING_FIELD.test(xml) || !/<w:(?:instrText|fldSimple)\b/.test(xml)) return;
  const { fields, bookmarks } = readFields(xml);
  if (!fields.some((field) => COUNTING_FIELD.test(`${field.instruction} `))) return;

  const spans = paragraphSpans(xml);
  const numbers = numberParagraphs(xml, readNumbering(zip));
  // The paragraph holding the offset, else the next one (a bookmark between paragraphs).
  const paragraphAt = (offset: number) => spans.findIndex((span) => offset < span.end);

  const edits: { start: number; end: number; text: string }[] = [];
  const sequences = new Map<string, number>();
  for (const field of fields) {
    const words = field.instruction.trim().split(/\s+/);
    const kind = words[0]?.toUpperCase();
    let text: string | undefined;
    const cached = field.results
      .map((range) => decodeXmlText(xml.slice(range.start, range.end)))
      .join('');
    if (kind === 'REF' && words[1]) {
      const at = bookmarks.get(words[1].replace(/"/g, '').toLowerCase());
      const parts = at === undefined ? undefined : numbers.get(paragraphAt(at));
      if (parts && /\\[rnw]/.test(field.instruction)) text = renumbered(cached, parts);
    } else if (kind === 'SEQ' && words[1]) {
      const name = words[1];
      const reset = /\\r\s*(\d+)/.exec(field.instruction)?.[1];
      const previous = sequences.get(name) ?? 0;
      const value =
        reset !== undefined
          ? Number(reset)
          : /\\c\b/.test(field.instruction)
            ? previous
            : previous + 1;
      sequences.set(name, value);
      const format = /\\\*\s*(\w+)/.exec(field.instruction)?.[1] ?? 'ARABIC';
      if (!/\\h\b/.test(field.instruction))
        text = formatNumber(value, SEQ_FORMATS[format] ?? 'decimal');
    }
    const [first, ...others] = field.results;
    if (text === undefined || !first || text === cached) continue;
    edits.push({ start: first.start, end: first.end, text: escapeXml(text) });
    for (const other of others) edits.push({ start: other.start, end: other.end, text: '' });
  }
  let updated = xml;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    updated = updated.slice(0, edit.start) + edit.text + updated.slice(edit.end);
  }
  if (updated !== xml) zip.file(DOCUMENT, updated);
  askWordToUpdateFields(zip);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The settings that the schema puts after `w:updateFields`: it goes before the first one. */
const AFTER_UPDATE_FIELDS = new RegExp(
  `<(?:${[
    'w:hdrShapeDefaults',
    'w:footnotePr',
    'w:endnotePr',
    'w:compat',
    'w:docVars',
    'w:rsids',
    'm:mathPr',
    'w:attachedSchema',
    'w:themeFontLang',
    'w:clrSchemeMapping',
    'w:doNotIncludeSubdocsInStats',
    'w:doNotAutoCompressPictures',
    'w:forceUpgrade',
    'w:captions',
    'w:readModeInkLockDown',
    'w:smartTagType',
    'sl:schemaLibrary',
    'w:shapeDefaults',
    'w:doNotEmbedSmartTags',
    'w:decimalSymbol',
    'w:listSeparator',
    'w1[45]:\\w+',
    'w16\\w*:\\w+',
  ].join('|')})[\\s>/]`,
);

/**
 * `w:updateFields` in the settings: Word offers to update the fields when it opens the file.
 * Word refuses settings out of the schema's order, so it is placed where the schema wants it.
 */
function askWordToUpdateFields(zip: PizZip): void {
  const settings = zip.file(SETTINGS)?.asText();
  if (settings === undefined || /<w:updateFields\b/.test(settings)) return;
  const element = '<w:updateFields w:val="true"/>';
  const next = AFTER_UPDATE_FIELDS.exec(settings);
  const at = next ? next.index : settings.lastIndexOf('</w:settings>');
  if (at < 0) return;
  zip.file(SETTINGS, settings.slice(0, at) + element + settings.slice(at));
}
