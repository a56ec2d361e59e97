import { it } from '@lexpath/shared';
import PizZip from 'pizzip';

const messages = it.documents;

/**
 * Removes from a .docx what reaches outside its own package (issue 10): a converter or a word
 * processor opening the file would fetch a URL (SSRF from the server, a tracking request from a
 * lawyer's computer) or read a local file (and put it in the PDF). Pure bytes → bytes, no I/O,
 * so it can run in a worker thread.
 *
 * - Relationships leaving the package (TargetMode="External", or a target with a URI scheme or
 *   a UNC path) are removed, with the attributes or elements that pointed at them; hyperlinks
 *   stay: a clickable link fetches nothing while converting.
 * - Fields that include or link content (INCLUDEPICTURE, INCLUDETEXT, LINK, DDE, …), complex or
 *   `w:fldSimple`, lose their instruction and keep their last result as plain content.
 * - VML `src`/`o:href` attributes holding a URL are removed.
 *
 * `withoutComments` also removes Word review comments: the preview converted for a lawyer must
 * not show the editor's notes, and LibreOffice's listener aborts on them (see office-listener).
 */

export type RemovedContent =
  /** A relationship leaving the package: its type's last segment (image, attachedTemplate…). */
  | { kind: 'relationship'; type: string; target: string }
  /** A field including or linking content: its name (INCLUDEPICTURE…). */
  | { kind: 'field'; name: string }
  | { kind: 'comments' };

export type StrippedDocx = { bytes: Buffer; removed: RemovedContent[] };

export type StripOptions = { withoutComments?: boolean };

/** Word's fields that read another file or URL, or another application's data. */
const LINKING_FIELDS = new Set([
  'INCLUDEPICTURE',
  'INCLUDETEXT',
  'INCLUDE',
  'LINK',
  'DDE',
  'DDEAUTO',
  'IMPORT',
  'RD',
  'DATABASE',
]);

const HYPERLINK_TYPE = /\/hyperlink$/;
/** A URI scheme (http:, file:, smb:…), a protocol-relative or a UNC path: not a package part. */
const OUTSIDE_TARGET = /^([a-z][a-z0-9+.-]*:|\/\/|\\\\)/i;
/** Elements that only exist to point at a relationship: removed whole with it. */
const POINTER_ELEMENTS = new Set([
  'attachedTemplate',
  'subDoc',
  'altChunk',
  'sourceFileName',
  'OLEObject',
  'externalData',
  'linkedToFile',
]);

export const COMMENT_PARTS =
  /^word\/(comments|commentsExtended|commentsIds|commentsExtensible)\.xml$|^word\/_rels\/(comments|commentsExtended|commentsIds|commentsExtensible)\.xml\.rels$/;
export const COMMENT_TYPE = /\/(comments|commentsExtended|commentsIds|commentsExtensible)$/;

/** The parts holding document content (body, headers, notes…) and settings. */
const CONTENT_PART = /^word\/[^/]+\.xml$/;

function decodeAttribute(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

function attributeOf(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(tag);
  return match ? decodeAttribute(match[2] ?? match[3] ?? '') : undefined;
}

/** The part a `.rels` file describes: `word/_rels/document.xml.rels` → `word/document.xml`. */
function sourcePartOf(relsName: string): string | undefined {
  const match = /^(.*?)_rels\/([^/]+)\.rels$/.exec(relsName);
  if (!match || match[2] === undefined) return undefined;
  return `${match[1] ?? ''}${match[2]}`;
}

function fieldName(instruction: string): string {
  return (instruction.trim().split(/\s+/)[0] ?? '').toUpperCase();
}

const POINTER_ELEMENT = new RegExp(
  `<([\\w.-]+):(${[...POINTER_ELEMENTS].join('|')})\\b[^>]*?(?:\\/>|>[\\s\\S]*?<\\/\\1:\\2>)`,
  'g',
);
const PREFIXED_ATTRIBUTE = /\s[\w.-]+:[\w.-]+\s*=\s*"([^"]*)"/g;

/** Removes the references to `ids` from a part: pointer elements whole, other attributes. */
function dropReferences(xml: string, ids: ReadonlySet<string>): string {
  const refersToRemoved = (tag: string) =>
    [...tag.matchAll(PREFIXED_ATTRIBUTE)].some((match) => ids.has(match[1] ?? ''));
  return (
    xml
      // An element that only points at the relationship goes whole, with its children.
      .replace(POINTER_ELEMENT, (element) =>
        refersToRemoved(element.slice(0, element.indexOf('>') + 1)) ? '' : element,
      )
      // Elsewhere only the attribute goes (`a:blip r:link`, `v:imagedata r:id`).
      .replace(/<[\w.-]+:[\w.-]+\b[^>]*>/g, (tag) =>
        tag.replace(PREFIXED_ATTRIBUTE, (attribute, value: string) =>
          ids.has(value) ? '' : attribute,
        ),
      )
  );
}

/** VML pictures can name their source directly, without a relationship. */
function dropVmlUrls(xml: string, removed: RemovedContent[]): string {
  return xml.replace(/<v:[\w.-]+\b[^>]*>/g, (tag) =>
    tag.replace(/\s(?:src|o:href|href)\s*=\s*"([^"]*)"/g, (attribute, value: string) => {
      const target = decodeAttribute(value).trim();
      if (!OUTSIDE_TARGET.test(target)) return attribute;
      removed.push({ kind: 'relationship', type: 'image', target });
      return '';
    }),
  );
}

const FIELD_TOKEN =
  /<w:fldChar\b[^>]*?w:fldCharType\s*=\s*"(begin|separate|end)"[^>]*?(?:\/>|>[\s\S]*?<\/w:fldChar>)|<w:(instrText|delInstrText)\b[^>]*?(?:\/>|>([^<]*)<\/w:\2>)/g;

type OpenField = {
  instruction: string;
  tokens: { start: number; end: number }[];
  inResult: boolean;
};

/**
 * Complex fields (`fldChar` begin … instrText … separate … result … end), nested or with the
 * instruction split over runs: a linking one loses its markers and instruction (the runs stay,
 * emptied), its result stays as plain content.
 */
function dropLinkingComplexFields(xml: string, removed: RemovedContent[]): string {
  const stack: OpenField[] = [];
  const cuts: { start: number; end: number }[] = [];
  for (const match of xml.matchAll(FIELD_TOKEN)) {
    const token = { start: match.index, end: match.index + match[0].length };
    const charType = match[1];
    if (charType === 'begin') {
      // A field inside another's instruction belongs to that instruction too.
      stack.push({ instruction: '', tokens: [token], inResult: false });
      continue;
    }
    const field = stack.at(-1);
    if (!field) continue;
    if (charType === 'separate') {
      field.inResult = true;
      field.tokens.push(token);
    } else if (charType === 'end') {
      stack.pop();
      field.tokens.push(token);
      const name = fieldName(field.instruction);
      const parent = stack.at(-1);
      if (LINKING_FIELDS.has(name)) {
        cuts.push(...field.tokens);
        removed.push({ kind: 'field', name });
      } else if (parent && !parent.inResult) {
        parent.tokens.push(...field.tokens); // nested in an instruction: cut with its parent
      }
    } else if (!field.inResult) {
      field.instruction += decodeAttribute(match[3] ?? '');
      field.tokens.push(token);
    }
  }
  if (cuts.length === 0) return xml;
  cuts.sort((a, b) => a.start - b.start);
  let result = '';
  let position = 0;
  for (const cut of cuts) {
    if (cut.start < position) continue;
    result += xml.slice(position, cut.start);
    position = cut.end;
  }
  return result + xml.slice(position);
}

function dropLinkingSimpleFields(xml: string, removed: RemovedContent[]): string {
  const linking = (tag: string) => {
    const name = fieldName(attributeOf(tag, 'w:instr') ?? '');
    if (!LINKING_FIELDS.has(name)) return undefined;
    removed.push({ kind: 'field', name });
    return name;
  };
  // `w:fldSimple` does not nest: its result runs stay, unwrapped.
  return xml
    .replace(/<w:fldSimple\b[^>]*\/>/g, (tag) => (linking(tag) ? '' : tag))
    .replace(/(<w:fldSimple\b[^>]*>)([\s\S]*?)<\/w:fldSimple>/g, (whole, open: string, inner) =>
      linking(open) ? inner : whole,
    );
}

export function dropCommentMarks(xml: string): string {
  return xml
    .replace(/<w:comment(RangeStart|RangeEnd)\b[^>]*?(\/>|>[\s\S]*?<\/w:comment\1>)/g, '')
    .replace(
      // A run holding the reference; not the run around a text box holding it.
      /<w:r(?:\s[^>]*)?>(?:(?!<\/w:r>|<w:r[\s>])[\s\S])*?<w:commentReference\b(?:(?!<\/w:r>|<w:r[\s>])[\s\S])*?<\/w:r>/g,
      '',
    )
    .replace(/<w:commentReference\b[^>]*\/>/g, '');
}

/**
 * The document without external references (and without comments when asked), and what was
 * removed. A document with nothing to remove comes back as the very same bytes.
 */
export function stripExternalContent(docx: Buffer, options: StripOptions = {}): StrippedDocx {
  const zip = new PizZip(docx);
  const removed: RemovedContent[] = [];
  const edits = new Map<string, string>();
  const deletions = new Set<string>();
  const read = (name: string) => edits.get(name) ?? zip.file(name)?.asText() ?? '';

  if (options.withoutComments) {
    for (const name of Object.keys(zip.files)) {
      if (COMMENT_PARTS.test(name)) deletions.add(name);
    }
    if (deletions.size > 0) removed.push({ kind: 'comments' });
  }

  const droppedIds = new Map<string, Set<string>>();
  for (const name of Object.keys(zip.files)) {
    if (!name.endsWith('.rels') || deletions.has(name) || zip.files[name]?.dir) continue;
    const xml = read(name);
    const ids = new Set<string>();
    const kept = xml.replace(/<Relationship\b[^>]*?(?:\/>|>[\s\S]*?<\/Relationship>)/g, (tag) => {
      const type = attributeOf(tag, 'Type') ?? '';
      const target = attributeOf(tag, 'Target') ?? '';
      const id = attributeOf(tag, 'Id') ?? '';
      const outside =
        /^external$/i.test(attributeOf(tag, 'TargetMode') ?? '') ||
        OUTSIDE_TARGET.test(target.trim());
      if (options.withoutComments && COMMENT_TYPE.test(type)) return '';
      if (!outside || HYPERLINK_TYPE.test(type)) return tag;
      ids.add(id);
      removed.push({ kind: 'relationship', type: type.split('/').at(-1) ?? type, target });
      return '';
    });
    if (kept !== xml) edits.set(name, kept);
    const source = sourcePartOf(name);
    if (source && ids.size > 0) droppedIds.set(source, ids);
  }

  for (const name of Object.keys(zip.files)) {
    if (deletions.has(name) || zip.files[name]?.dir) continue;
    const ids = droppedIds.get(name);
    const isContent = CONTENT_PART.test(name) || /^word\/[^/]+\/[^/]+\.xml$/.test(name);
    if (!ids && !isContent) continue;
    const xml = read(name);
    let next = ids ? dropReferences(xml, ids) : xml;
    if (isContent) {
      next = dropLinkingSimpleFields(dropLinkingComplexFields(next, removed), removed);
      next = dropVmlUrls(next, removed);
      if (options.withoutComments) next = dropCommentMarks(next);
    }
    if (next !== xml) edits.set(name, next);
  }

  if (deletions.size > 0) {
    const types = read('[Content_Types].xml');
    const kept = types.replace(/<Override\b[^>]*\/>/g, (tag) =>
      deletions.has((attributeOf(tag, 'PartName') ?? '').replace(/^\//, '')) ? '' : tag,
    );
    if (kept !== types) edits.set('[Content_Types].xml', kept);
  }

  if (edits.size === 0 && deletions.size === 0) return { bytes: docx, removed };
  for (const name of deletions) zip.remove(name);
  for (const [name, xml] of edits) zip.file(name, xml);
  return { bytes: zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' }), removed };
}

/** The Italian warning naming what an uploaded file was stripped of, or none. */
export function removedContentWarning(file: string, removed: readonly RemovedContent[]): string[] {
  const texts = messages.externalContent;
  const items = removed.flatMap((item) => {
    if (item.kind === 'field') return [texts.field(item.name)];
    // Comments and the attached template (nearly every Word file names its Normal.dotm) change
    // nothing the lawyer reads: dropping them is not worth a warning.
    if (item.kind === 'comments' || item.type === 'attachedTemplate') return [];
    if (item.type === 'image') return [texts.image(item.target)];
    return [texts.other(item.type, item.target)];
  });
  if (items.length === 0) return [];
  return [texts.removed(file, [...new Set(items)].join(', '))];
}
