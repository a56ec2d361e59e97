import { it } from '@lexpath/shared';
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import { AppError } from '../lib/app-error.ts';
import { LruCache } from '../lib/lru-cache.ts';
import { refreshCrossReferences } from './cross-references.ts';
import { levelIndents, splitMarkedParagraphs } from './long-text.ts';
import { ALL_RENDER_CHANGES, type RenderChange } from './render-changes.ts';
import { type RenderContext, TEMPLATER_OPTIONS, withRenderContext } from './template-language.ts';
import {
  CalendarDate,
  type TemplateAnswers,
  type TemplateQuestion,
  typedScope,
} from './typed-answers.ts';
import { tickCheckboxes } from './word-checkboxes.ts';
import { emptyParagraphsModule, prepareTemplate, TEXT_PART } from './word-cleanup.ts';

/**
 * Zip entry dates are written from local time fields (DOS format): a date built from local
 * fields, at the time of writing, gives the same bytes on every machine and in every time zone,
 * so a document bought today downloads byte-identical forever (DESIGN §4).
 */
function setFixedEntryDates(zip: PizZip): void {
  const date = new Date(2020, 0, 1, 0, 0, 0);
  for (const entry of Object.values(zip.files)) entry.date = date;
}

/** The unpacked size the zip's directory declares: what its entries weigh once inflated. */
function unpackedSize(zip: PizZip): number {
  let size = 0;
  for (const file of Object.values(zip.files)) {
    size += (file as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0;
  }
  return size;
}

/**
 * Loaded templates by file hash. A template version never changes, so its central directory is
 * read once; the parts docxtemplater reads stay inflated in the cached entries and untouched
 * parts (images, fonts) keep their compressed bytes, which the output reuses as they are.
 * docxtemplater itself must get a fresh zip and instance per render (render mutates both), so
 * the compiled template cannot be cached. Renders run in worker threads with a bounded heap
 * (document-pool.ts): each keeps its own cache, bounded by unpacked size as well as by count.
 */
const loadedTemplates = new LruCache<string, PizZip>(32, 128 * 1024 * 1024, unpackedSize);

function loadTemplate(templateBytes: Buffer, cacheKey: string | undefined): PizZip {
  const cached = cacheKey ? loadedTemplates.get(cacheKey) : undefined;
  if (cached) return cached;
  const zip = new PizZip(templateBytes);
  // Comments, revisions and the paragraphs of section tags, once per loaded template.
  prepareTemplate(zip);
  if (cacheKey) loadedTemplates.set(cacheKey, zip);
  return zip;
}

/**
 * A zip sharing the template's entries: docxtemplater replaces the entries it renders
 * (`zip.file`) and never mutates one in place, so the cached template stays pristine.
 */
function copyOfTemplate(template: PizZip): PizZip {
  const zip = new PizZip();
  zip.files = { ...template.files };
  return zip;
}

/** The rendered parts' bound checkboxes, ticked or cleared as their conditions said. */
function tickRenderedCheckboxes(zip: PizZip): void {
  for (const name of Object.keys(zip.files)) {
    if (!TEXT_PART.test(name)) continue;
    const xml = zip.file(name)?.asText() ?? '';
    const ticked = tickCheckboxes(xml);
    if (ticked !== xml) zip.file(name, ticked);
  }
}

export type RenderOptions = {
  /** The template file's SHA-256: renders of one version reuse its loaded zip. */
  cacheKey?: string;
  /** The version's questions: their types decide how answers reach the expressions. */
  questions?: readonly TemplateQuestion[];
  /** When the document is generated: `oggi` is that day in Italy. */
  now?: Date;
  /**
   * The renderer's dated changes to apply (render-changes.ts): every one unless given, as a
   * document bought before some of them lists only those it was bought with, so it downloads
   * byte-identical.
   */
  changes?: readonly RenderChange[];
  /**
   * Stored rather than deflated: for a .docx only LibreOffice reads (a preview), which would
   * inflate at once what the render spent a tenth of its CPU deflating. Never for a download.
   */
  uncompressed?: boolean;
};

/**
 * The .docx of a template filled with the answers (DESIGN §6): same template bytes and answers,
 * same output bytes. Answers are inserted as text (XML-escaped) in their Italian form (DESIGN
 * §12), lists as "a, b e c", and unanswered keys as nothing.
 */
export function renderDocx(
  templateBytes: Buffer,
  answers: TemplateAnswers,
  options: RenderOptions = {},
): Buffer {
  const template = loadTemplate(templateBytes, options.cacheKey);
  const changes: ReadonlySet<RenderChange> = new Set(options.changes ?? ALL_RENDER_CHANGES);
  let doc: Docxtemplater;
  let context: RenderContext | undefined;
  try {
    doc = new Docxtemplater(copyOfTemplate(template), {
      ...TEMPLATER_OPTIONS,
      modules: [emptyParagraphsModule()],
    });
    const questions = options.questions ?? [];
    const today = CalendarDate.inItaly(options.now ?? new Date());
    const scope = typedScope(answers, questions);
    // `{oggi}` is the generation date, unless a question of that name says otherwise.
    if (!('oggi' in scope) && !questions.some((q) => q.variable === 'oggi')) scope.oggi = today;
    const filled = doc;
    context = { questions, today, changes };
    withRenderContext(context, () => filled.render(scope));
  } catch (error) {
    // Lint refuses such templates on upload; reaching this means a template predates the lint.
    throw new AppError('unprocessable', it.documents.renderFailed, { cause: error });
  }
  if (context?.markedParagraphs) splitLongTexts(doc.getZip());
  tickRenderedCheckboxes(doc.getZip());
  if (changes.has('crossReferences')) refreshCrossReferences(doc.getZip());
  // Shared template entries get the same date again: harmless, and it covers new entries.
  setFixedEntryDates(doc.getZip());
  return doc.toBuffer({ compression: options.uncompressed ? 'STORE' : 'DEFLATE' });
}

/** The parts whose paragraphs a tag may fill: body, headers, footers, notes. */
const TEXT_PARTS = /^word\/(document|header[^/]*|footer[^/]*|footnotes|endnotes)\.xml$/;

/** A long answer's blank lines made paragraph breaks, in every part that holds one. */
function splitLongTexts(zip: PizZip): void {
  const indentOf = levelIndents(zip.file('word/numbering.xml')?.asText());
  for (const file of zip.file(TEXT_PARTS)) {
    const xml = file.asText();
    const split = splitMarkedParagraphs(xml, indentOf);
    if (split !== xml) zip.file(file.name, split);
  }
}

const XML_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
};

export function decodeXmlText(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (entity) => XML_ENTITIES[entity] ?? entity);
}

/**
 * The text of the document body, one line per paragraph (line breaks and tabs kept): what a
 * reader sees, for tests and for the lint's context.
 */
export function extractDocumentText(docx: Buffer): string {
  const xml = new PizZip(docx).file('word/document.xml')?.asText() ?? '';
  const paragraphs: string[] = [];
  let current = '';
  const token =
    /<w:p(?:\s[^>]*)?\/>|<\/w:p>|<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:br\b[^>]*\/>|<w:tab\/>/g;
  for (const match of xml.matchAll(token)) {
    const [whole, text] = match;
    if (text !== undefined) current += decodeXmlText(text);
    else if (whole.startsWith('<w:br')) current += '\n';
    else if (whole === '<w:tab/>') current += '\t';
    else {
      // `</w:p>` ends a paragraph; `<w:p/>` is an empty one.
      paragraphs.push(current);
      current = '';
    }
  }
  return paragraphs.join('\n');
}
