import { it } from '@lexpath/shared';
import { decodeXmlText } from './render.ts';
import type { InspectedTemplate } from './template-inspection.ts';

/**
 * Where a tag lies and the habits editors bring from other tools (issue 12): Jinja's `{{ nome }}`
 * and Word's own mail merge (`«NOME_CLIENTE»`, MERGEFIELD), which docxtemplater either breaks
 * into fragments or leaves in the contract as typed.
 */

const parts = it.documents.lintParts;

/** The part of the document a templated file is, as the editor knows it in Word. */
export function partOf(file: string | undefined): string {
  if (file === undefined) return parts.body;
  if (/^word\/(document|glossary\/document)\.xml$/.test(file)) return parts.body;
  if (/^word\/header\d*\.xml$/.test(file)) return parts.header;
  if (/^word\/footer\d*\.xml$/.test(file)) return parts.footer;
  if (/^word\/(footnotes|endnotes)\.xml$/.test(file)) return parts.note;
  if (/^word\/comments(Extended|Ids|Extensible)?\.xml$/.test(file)) return parts.comment;
  if (file.startsWith('docProps/')) return parts.properties;
  return parts.other;
}

const READING_ORDER: readonly string[] = [
  parts.header,
  parts.body,
  parts.note,
  parts.footer,
  parts.comment,
  parts.properties,
  parts.other,
];

/** Where a part comes as an editor reads the document: header, body, notes, footer, comments. */
export function readingRank(file: string | undefined): number {
  return READING_ORDER.indexOf(partOf(file));
}

export type DoubleBraced = {
  file: string;
  /** The span docxtemplater's offsets use: its own errors inside it are this one problem. */
  start: number;
  end: number;
  /** As typed, `{{ nome }}`, and the single tag to write instead, `nome`. */
  tag: string;
  inner: string;
  offset: number;
};

const DOUBLE_BRACES = /\{\{([^{}]*)\}\}/g;

/** Every `{{ … }}` of the templated parts, one entry per tag. */
export function findDoubleBraces(inspected: InspectedTemplate): DoubleBraced[] {
  const found: DoubleBraced[] = [];
  for (const [file, index] of inspected.paragraphs) {
    for (const paragraph of index.all) {
      for (const match of paragraph.rawText.matchAll(DOUBLE_BRACES)) {
        const start = paragraph.start + match.index;
        found.push({
          file,
          start,
          end: start + match[0].length,
          tag: decodeXmlText(match[0]),
          inner: decodeXmlText(match[1] ?? '').trim(),
          offset: start,
        });
      }
    }
  }
  return found;
}

/** `name`: the key to write instead; `shown`: the field's name as Word shows it. */
export type MergeField = { file: string; name: string; shown: string; paragraph: string };

const PARAGRAPH = /<w:p[\s>][\s\S]*?<\/w:p>/g;
const TEXT_RUN = /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g;
const FIELD_CODE =
  /<w:instrText(?:\s[^>]*)?>([^<]*)<\/w:instrText>|<w:fldSimple\s[^>]*w:instr="([^"]*)"/g;
const MERGEFIELD = /^\s*MERGEFIELD\s+(?:"([^"]+)"|(\S+))/i;
/**
 * A mail-merge field left as text: «NOME_CLIENTE». Italian contracts quote their defined terms
 * with the same marks («Conduttore», «GDPR»), so only a name with an underscore counts, as Word
 * writes a merge field's name; a live field is found by its MERGEFIELD code instead.
 */
const MERGE_TEXT = /«([\p{L}\p{N}]+(?:_[\p{L}\p{N}]+)+)»/gu;

/** The key an editor would give the field: `nome_cliente` for NOME_CLIENTE or «Nome Cliente». */
export function keyForMergeField(name: string): string {
  return name
    .trim()
    .toLocaleLowerCase('it-IT')
    .replace(/[^\p{L}\p{N}_]+/gu, '_')
    .replace(/^_+|_+$/g, '');
}

/**
 * Word mail-merge fields of a part: each MERGEFIELD field code (with the «name» it shows) and
 * each «NAME_WITH_UNDERSCORES» typed or left as text, once per name and paragraph.
 */
export function findMergeFields(file: string, xml: string): MergeField[] {
  const found: MergeField[] = [];
  for (const [paragraphXml] of xml.matchAll(PARAGRAPH)) {
    const text = decodeXmlText(
      [...paragraphXml.matchAll(TEXT_RUN)].map((match) => match[1] ?? '').join(''),
    ).trim();
    const names = new Map<string, string>();
    for (const match of paragraphXml.matchAll(FIELD_CODE)) {
      const code = decodeXmlText(match[1] ?? match[2] ?? '');
      const field = MERGEFIELD.exec(code);
      const name = field?.[1] ?? field?.[2];
      if (name) names.set(keyForMergeField(name), name);
    }
    for (const match of text.matchAll(MERGE_TEXT)) {
      const name = match[1] ?? '';
      if (!names.has(keyForMergeField(name))) names.set(keyForMergeField(name), name);
    }
    for (const [name, shown] of names) found.push({ file, name, shown, paragraph: text });
  }
  return found;
}
