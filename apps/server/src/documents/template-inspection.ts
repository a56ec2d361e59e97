import type { DXT } from 'docxtemplater';
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import { decodeXmlText } from './render.ts';
import { TEMPLATER_OPTIONS } from './template-language.ts';
import { bindCheckboxes } from './word-checkboxes.ts';
import { TEXT_PART } from './word-cleanup.ts';

/** A tag as docxtemplater parsed it; `offset` counts characters of the file's text runs. */
export type TemplateTag = {
  value: string;
  raw?: string;
  module?: string;
  offset: number;
  file: string;
  subparsed?: TemplateTag[];
};

/** A problem docxtemplater itself found (syntax), with its own id and properties. */
export type TemplaterError = {
  id: string;
  file?: string;
  offset?: number;
  xtag?: string;
  explanation?: string;
  rootError?: string;
  openingTag?: string;
};

type LexedPart = { type: string; position?: string; tag?: string; value: string };
type TextRange = { start: number; end: number; rawText: string };

/**
 * Finds the paragraph around a tag: docxtemplater's offsets count the (XML-escaped) characters
 * of the text runs of one file, in order, so the paragraphs are rebuilt in the same coordinates.
 */
export class ParagraphIndex {
  readonly #paragraphs: TextRange[] = [];

  constructor(lexed: readonly LexedPart[]) {
    const open: TextRange[] = [];
    let offset = 0;
    for (const part of lexed) {
      if (part.type === 'tag' && part.tag === 'w:p') {
        if (part.position === 'start') open.push({ start: offset, end: offset, rawText: '' });
        if (part.position === 'end') {
          const paragraph = open.pop();
          if (paragraph) this.#paragraphs.push({ ...paragraph, end: offset });
        }
      } else if (part.type === 'content' && part.position === 'insidetag') {
        offset += part.value.length;
        for (const paragraph of open) paragraph.rawText += part.value;
      }
    }
  }

  /** Each paragraph's text as the file holds it (XML-escaped), with its first offset. */
  get all(): readonly { start: number; rawText: string }[] {
    return this.#paragraphs;
  }

  /** The paragraph's text, cut around the offset when long. */
  textAround(offset: number, width = 160): string {
    const paragraph =
      this.#paragraphs.find((p) => offset >= p.start && offset < p.end) ??
      this.#paragraphs.find((p) => offset >= p.start && offset <= p.end);
    if (!paragraph) return '';
    const raw = paragraph.rawText;
    if (raw.length <= width) return decodeXmlText(raw).trim();
    const at = offset - paragraph.start;
    const from = Math.max(0, Math.min(at - width / 2, raw.length - width));
    const cut = decodeXmlText(raw.slice(from, from + width)).trim();
    return `${from > 0 ? '…' : ''}${cut}${from + width < raw.length ? '…' : ''}`;
  }
}

export type InspectedTemplate = {
  /** Null when the file is not a Word document docxtemplater can open. */
  tags: TemplateTag[] | null;
  errors: TemplaterError[];
  paragraphs: Map<string, ParagraphIndex>;
  /** The XML of each templated part, for what docxtemplater does not read (field codes). */
  xml: Map<string, string>;
};

function toTemplaterError(error: unknown): TemplaterError {
  const properties = (error as { properties?: Record<string, unknown> }).properties ?? {};
  const offset = Array.isArray(properties.offset) ? properties.offset[0] : properties.offset;
  const rootError = properties.rootError as { message?: string } | undefined;
  return {
    id: String(properties.id ?? 'unknown'),
    file: typeof properties.file === 'string' ? properties.file : undefined,
    offset: typeof offset === 'number' ? offset : undefined,
    xtag: typeof properties.xtag === 'string' ? properties.xtag : undefined,
    explanation: typeof properties.explanation === 'string' ? properties.explanation : undefined,
    rootError: rootError?.message,
    openingTag: typeof properties.openingtag === 'string' ? properties.openingtag : undefined,
  };
}

function withFile(parts: readonly DXT.Part[], file: string): TemplateTag[] {
  return parts
    .filter((part) => part.type === 'placeholder')
    .map((part) => ({
      value: part.value,
      raw: part.raw,
      module: part.module,
      offset: part.offset,
      file,
      subparsed: part.subparsed ? withFile(part.subparsed, file) : undefined,
    }));
}

/**
 * Compiles a .docx as the renderer would and returns every tag, every syntax error and the
 * paragraphs of each templated part (body, headers, footers…). docxtemplater reports all
 * syntax errors at once and still parses the valid tags, so lint can report everything.
 */
export function inspectTemplate(bytes: Buffer): InspectedTemplate {
  const lexed = new Map<string, LexedPart[]>();
  const postparsed = new Map<string, DXT.Part[]>();
  // A module only listening: docxtemplater hands every module each file's lexed and parsed parts.
  const collector: DXT.Module = {
    name: 'LintCollector',
    set(options: {
      inspect?: { filePath?: string; xmllexed?: LexedPart[]; postparsed?: DXT.Part[] };
    }) {
      const { filePath, xmllexed, postparsed: parts } = options.inspect ?? {};
      if (!filePath) return;
      if (xmllexed) lexed.set(filePath, xmllexed);
      if (parts) postparsed.set(filePath, parts);
    },
  };

  let zip: PizZip;
  try {
    zip = new PizZip(bytes);
  } catch {
    return { tags: null, errors: [], paragraphs: new Map(), xml: new Map() };
  }
  // Bound checkboxes are read as the renderer reads them: their conditions are tags too.
  for (const name of Object.keys(zip.files)) {
    if (!TEXT_PART.test(name)) continue;
    const xml = zip.file(name)?.asText() ?? '';
    const bound = bindCheckboxes(xml);
    if (bound !== xml) zip.file(name, bound);
  }
  let errors: TemplaterError[] = [];
  try {
    new Docxtemplater(zip, { ...TEMPLATER_OPTIONS, modules: [collector] });
  } catch (error) {
    const nested = (error as { properties?: { errors?: unknown[] } }).properties?.errors;
    if (!Array.isArray(nested))
      return { tags: null, errors: [], paragraphs: new Map(), xml: new Map() };
    errors = nested.map(toTemplaterError);
  }
  const paragraphs = new Map([...lexed].map(([file, parts]) => [file, new ParagraphIndex(parts)]));
  const tags = [...postparsed].flatMap(([file, parts]) => withFile(parts, file));
  const xml = new Map(
    [...lexed.keys()].flatMap((file) => {
      const text = zip.file(file)?.asText();
      return text === undefined ? [] : [[file, text] as const];
    }),
  );
  return { tags, errors, paragraphs, xml };
}
