import { createInflateRaw } from 'node:zlib';
import { it } from '@lexpath/shared';
import { AppError, type ErrorCode } from '../lib/app-error.ts';

/**
 * DESIGN §6: at most 10 MB uploaded, 100 MB unpacked and 2,000 entries (zip bomb guard).
 *
 * The XML caps bound what docxtemplater and LibreOffice will parse: a few hundred KB of zip can
 * unpack to millions of tiny paragraphs, which cost seconds and gigabytes to parse. They are
 * counted on the inflated chunks, so a hostile file is refused before any parser sees it.
 * Measured on `buildSampleContract(300)` (300 pages, Word-like run and paragraph properties):
 * 6,004 paragraphs, 90,066 `<` in `word/document.xml`, 3.2 MB unpacked; it lints in 0.8 s and
 * renders in 1.7–2 s with a 94 MB heap. The caps leave 6–8 times that (a 1,200-page document,
 * 24,000 paragraphs, 360,000 nodes, 13 MB, still passes lint and render in a 256 MB heap in
 * about 3 s); beyond them lint and render would approach the worker's time limit.
 */
export const DOCX_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxEntries: 2000,
  maxUnpackedBytes: 100 * 1024 * 1024,
  /** Unpacked size of each XML part, `word/document.xml` included. */
  maxXmlPartBytes: 16 * 1024 * 1024,
  /** `<w:p>` and `<w:p …>` over all XML parts (body, headers, footers, notes). */
  maxParagraphs: 40_000,
  /** Markup (every `<`: tags, closing tags, comments) over all XML parts. */
  maxXmlNodes: 500_000,
};

export type DocxLimits = typeof DOCX_LIMITS;

const WORD_MAIN_PART =
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const LOCAL_FILE_HEADER = 0x04034b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const STORED = 0;
const DEFLATED = 8;

/** Parts an XML parser (ours or LibreOffice's) may read, where a DTD could expand entities. */
const XML_PART = /\.(xml|rels|vml|svg)$/i;
/**
 * DTDs and entity declarations, in UTF-8 and in UTF-16 (which would hide them from a byte scan).
 * XML spells them in capitals only; a lower-case one is malformed XML, which parsers refuse.
 */
const FORBIDDEN_DECLARATIONS = ['<!DOCTYPE', '<!ENTITY'].flatMap((text) => [
  Buffer.from(text, 'latin1'),
  Buffer.from(text, 'utf16le'),
  Buffer.from(text, 'utf16le').subarray(1), // UTF-16BE: the same bytes shifted by one
]);
const LONGEST_DECLARATION = Math.max(...FORBIDDEN_DECLARATIONS.map((pattern) => pattern.length));
/** `[Content_Types].xml` is read whole; Word's is about 2 KB. */
const MAX_CONTENT_TYPES_BYTES = 1024 * 1024;

type ZipEntry = {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  localHeaderOffset: number;
};

type Refusal = keyof typeof it.documents.upload;

class DocxRefusal extends Error {
  constructor(readonly reason: Refusal) {
    super(reason);
  }
}

const CODE_OF: Partial<Record<Refusal, ErrorCode>> = {
  tooLarge: 'tooLarge',
  unpackedTooLarge: 'tooLarge',
  xmlPartTooLarge: 'tooLarge',
};

function refuse(reason: Refusal): never {
  throw new DocxRefusal(reason);
}

function findEndOfCentralDirectory(bytes: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let offset = bytes.length - 22; offset >= lowest; offset -= 1) {
    if (bytes.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY) return offset;
  }
  return refuse('corrupted');
}

/** The central directory, read defensively: every offset is checked against the buffer. */
function readCentralDirectory(bytes: Buffer, limits: DocxLimits): ZipEntry[] {
  const end = findEndOfCentralDirectory(bytes);
  const declaredEntries = bytes.readUInt16LE(end + 10);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  // ZIP64 markers: a real .docx under 10 MB never needs them.
  if (declaredEntries === 0xffff || directoryOffset === 0xffffffff) refuse('corrupted');
  if (declaredEntries > limits.maxEntries) refuse('tooManyEntries');

  const entries: ZipEntry[] = [];
  let offset = directoryOffset;
  while (offset + 46 <= end && bytes.readUInt32LE(offset) === CENTRAL_DIRECTORY_HEADER) {
    // A directory that holds more records than its end record declares is counted too.
    if (entries.length >= limits.maxEntries) refuse('tooManyEntries');
    const flags = bytes.readUInt16LE(offset + 8);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    if (offset + 46 + nameLength > end) refuse('corrupted');
    entries.push({
      name: bytes.toString(
        flags & 0x800 ? 'utf8' : 'latin1',
        offset + 46,
        offset + 46 + nameLength,
      ),
      method: bytes.readUInt16LE(offset + 10),
      flags,
      compressedSize: bytes.readUInt32LE(offset + 20),
      localHeaderOffset: bytes.readUInt32LE(offset + 42),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  if (entries.length === 0) refuse('notDocx');
  return entries;
}

function compressedData(bytes: Buffer, entry: ZipEntry): Buffer {
  const header = entry.localHeaderOffset;
  if (header + 30 > bytes.length || bytes.readUInt32LE(header) !== LOCAL_FILE_HEADER) {
    refuse('corrupted');
  }
  const start = header + 30 + bytes.readUInt16LE(header + 26) + bytes.readUInt16LE(header + 28);
  if (start + entry.compressedSize > bytes.length) refuse('corrupted');
  return bytes.subarray(start, start + entry.compressedSize);
}

/**
 * Inflates one entry chunk by chunk, handing each chunk on and keeping none, and stops as soon
 * as the output passes the budget: sizes declared in the zip headers are never trusted, so a
 * bomb that lies about them costs a few chunks of memory, not its unpacked size.
 */
function inflateWithBudget(
  data: Buffer,
  budget: number,
  onChunk: (chunk: Buffer) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw();
    let produced = 0;
    inflater.on('data', (chunk: Buffer) => {
      produced += chunk.length;
      try {
        if (produced > budget) refuse('unpackedTooLarge');
        onChunk(chunk);
      } catch (error) {
        inflater.destroy();
        reject(error);
      }
    });
    inflater.on('error', () => reject(new DocxRefusal('corrupted')));
    inflater.on('end', () => resolve(produced));
    inflater.end(data);
  });
}

/** Finds a forbidden declaration across chunk boundaries, keeping only a short tail. */
function createDeclarationScanner() {
  let tail = Buffer.alloc(0);
  let found = false;
  return {
    scan(chunk: Buffer) {
      if (found) return;
      const window = Buffer.concat([tail, chunk]);
      found = FORBIDDEN_DECLARATIONS.some((pattern) => window.includes(pattern));
      tail = window.subarray(Math.max(0, window.length - LONGEST_DECLARATION));
    },
    get found() {
      return found;
    },
  };
}

const LESS_THAN = 0x3c;
const PARAGRAPH_START = Buffer.from('<w:p', 'latin1');
/** What may follow `<w:p` in a paragraph's start tag (`<w:pPr>` and the like are not one). */
const AFTER_PARAGRAPH_NAME = new Set([0x20, 0x09, 0x0a, 0x0d, 0x3e, 0x2f]); // space \t \n \r > /

/**
 * Counts the markup of the XML parts against the document's caps, chunk by chunk and across
 * chunk boundaries, and refuses as soon as a cap is passed: the count costs one native search
 * per `<`, and stops at the cap. Other prefixes than `w:` or UTF-16 escape the paragraph count,
 * not the node count, which counts every `<` byte.
 */
function createMarkupCounter(limits: DocxLimits) {
  let nodes = 0;
  let paragraphs = 0;
  return {
    /** A new part: its size is counted from zero, the document's totals go on. */
    startPart() {
      let partBytes = 0;
      let tail = Buffer.alloc(0);
      return (chunk: Buffer) => {
        partBytes += chunk.length;
        if (partBytes > limits.maxXmlPartBytes) refuse('xmlPartTooLarge');
        for (let at = chunk.indexOf(LESS_THAN); at !== -1; at = chunk.indexOf(LESS_THAN, at + 1)) {
          nodes += 1;
          if (nodes > limits.maxXmlNodes) refuse('tooManyXmlNodes');
        }
        // A paragraph tag counts once its name and the next byte are in the window; one that
        // starts in the kept tail did not fit before, so it is counted now and only now.
        const window = tail.length > 0 ? Buffer.concat([tail, chunk]) : chunk;
        const last = window.length - PARAGRAPH_START.length - 1;
        for (
          let at = window.indexOf(PARAGRAPH_START);
          at !== -1 && at <= last;
          at = window.indexOf(PARAGRAPH_START, at + 1)
        ) {
          if (!AFTER_PARAGRAPH_NAME.has(window[at + PARAGRAPH_START.length] as number)) continue;
          paragraphs += 1;
          if (paragraphs > limits.maxParagraphs) refuse('tooManyParagraphs');
        }
        tail = Buffer.from(window.subarray(Math.max(0, last + 1)));
      };
    },
  };
}

async function unpackEntry(
  bytes: Buffer,
  entry: ZipEntry,
  budget: number,
  keepText: boolean,
  countMarkup: ((chunk: Buffer) => void) | undefined,
): Promise<{ size: number; text?: string; hasDeclarations: boolean }> {
  if (entry.flags & 0x1) refuse('corrupted'); // encrypted
  const data = compressedData(bytes, entry);
  const scanner = createDeclarationScanner();
  const kept: Buffer[] = [];
  let keptBytes = 0;
  const onChunk = (chunk: Buffer) => {
    if (countMarkup) {
      scanner.scan(chunk);
      countMarkup(chunk);
    }
    if (!keepText) return;
    keptBytes += chunk.length;
    if (keptBytes > MAX_CONTENT_TYPES_BYTES) refuse('corrupted');
    kept.push(chunk);
  };
  let size: number;
  if (entry.method === STORED) {
    if (data.length > budget) refuse('unpackedTooLarge');
    onChunk(data);
    size = data.length;
  } else if (entry.method === DEFLATED) {
    size = await inflateWithBudget(data, budget, onChunk);
  } else {
    return refuse('corrupted');
  }
  return {
    size,
    text: keepText ? Buffer.concat(kept).toString('utf8') : undefined,
    hasDeclarations: scanner.found,
  };
}

function isMacroEnabled(entries: ZipEntry[], contentTypes: string): boolean {
  return (
    entries.some((entry) => /(^|\/)vbaProject\.bin$/i.test(entry.name)) ||
    /macroEnabled|vbaProject/i.test(contentTypes)
  );
}

function declaresWordMainPart(contentTypes: string): boolean {
  return contentTypes.includes(`ContentType="${WORD_MAIN_PART}"`);
}

async function checkDocx(bytes: Buffer, limits: DocxLimits): Promise<void> {
  if (bytes.length > limits.maxBytes) refuse('tooLarge');
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== LOCAL_FILE_HEADER) refuse('notDocx');
  const entries = readCentralDirectory(bytes, limits);

  let unpacked = 0;
  let contentTypes: string | undefined;
  let hasDeclarations = false;
  const markup = createMarkupCounter(limits);
  for (const entry of entries) {
    const isContentTypes = entry.name === '[Content_Types].xml';
    const result = await unpackEntry(
      bytes,
      entry,
      limits.maxUnpackedBytes - unpacked,
      isContentTypes,
      XML_PART.test(entry.name) ? markup.startPart() : undefined,
    );
    unpacked += result.size;
    hasDeclarations ||= result.hasDeclarations;
    if (isContentTypes) contentTypes = result.text;
  }

  if (contentTypes === undefined) refuse('notDocx');
  // A .docm is refused as such, before "not a Word document": the fix is to save it as .docx.
  if (isMacroEnabled(entries, contentTypes)) refuse('macros');
  if (!declaresWordMainPart(contentTypes)) refuse('notDocx');
  if (hasDeclarations) refuse('xmlDeclarations');
}

export type DocxGuardOptions = {
  /** How the message names the file ("Master", "Anteprima"); "Il file" when omitted. */
  fileName?: string;
  limits?: Partial<DocxLimits>;
};

/**
 * Refuses an upload that is not a plain, safe .docx (DESIGN §6), before any library parses it:
 * not a zip, no WordprocessingML main part, macros, too big, too many entries, a zip bomb, XML
 * with a DTD or entities, or more XML than a contract needs (too many paragraphs or nodes, a
 * part too large). Throws AppError 413 for sizes and 422 otherwise, in Italian.
 *
 * Runs on the main thread: inflation happens on libuv's pool and each 16 KB chunk is scanned
 * in microseconds, so refusing a 95 MB bomb never holds the event loop more than a few ms.
 */
export async function assertSafeDocx(bytes: Buffer, options: DocxGuardOptions = {}): Promise<void> {
  try {
    await checkDocx(bytes, { ...DOCX_LIMITS, ...options.limits });
  } catch (error) {
    if (!(error instanceof DocxRefusal)) {
      // A read past a lying header's end: the file is not a well-formed zip.
      if (error instanceof RangeError) throw toAppError('corrupted', options.fileName, error);
      throw error;
    }
    throw toAppError(error.reason, options.fileName, error);
  }
}

function toAppError(reason: Refusal, fileName: string | undefined, cause: unknown): AppError {
  const text = it.documents.upload[reason];
  const message = fileName ? `${fileName}: ${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;
  return new AppError(CODE_OF[reason] ?? 'unprocessable', message, { cause });
}
