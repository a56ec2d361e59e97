import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import PizZip from 'pizzip';

/**
 * A paragraph of a test document: plain text, or the runs Word would split it into (Word often
 * cuts a tag like `{nome}` across several `<w:r>` when the editor typed or corrected it).
 */
export type TestParagraph = string | string[];

export type TestDocxOptions = {
  /** Word-like paragraph and run properties (justified, Times 12): realistic XML weight. */
  styled?: boolean;
  /** Paragraphs of a header, to check that headers are templated and linted too. */
  header?: TestParagraph[];
  /** Paragraphs of a footer, a footnote and a review comment: Word templates them all. */
  footer?: TestParagraph[];
  footnote?: TestParagraph[];
  comment?: TestParagraph[];
  /** The document's title (docProps/core.xml), where an editor may type a tag too. */
  title?: string;
  /** Raw WordprocessingML paragraphs appended to the body (fields, as Word writes them). */
  bodyXml?: string;
  /** Extra or replacing zip entries, e.g. to build malformed or malicious files. */
  entries?: Record<string, string | Buffer>;
  /** Replaces the whole `[Content_Types].xml`. */
  contentTypes?: string;
};

export const WORD_MAIN_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_DOC_REL =
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument';
const PART_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const CORE_REL =
  'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties';

/** Word writes `"` and `'` as they are in text; only the markup characters are escaped. */
function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

const STYLED_PARAGRAPH =
  '<w:p w:rsidR="00A1B2C3" w:rsidRDefault="00A1B2C3"><w:pPr><w:spacing w:after="120" w:line="276" w:lineRule="auto"/><w:jc w:val="both"/></w:pPr>';
const STYLED_RUN =
  '<w:r w:rsidRPr="00D4E5F6"><w:rPr><w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:cs="Times New Roman"/><w:sz w:val="24"/><w:szCs w:val="24"/></w:rPr>';

function paragraphXml(paragraph: TestParagraph, styled = false): string {
  const runs = typeof paragraph === 'string' ? [paragraph] : paragraph;
  const runsXml = runs
    .map(
      (text) =>
        `${styled ? STYLED_RUN : '<w:r>'}<w:t xml:space="preserve">${escapeText(text)}</w:t></w:r>`,
    )
    .join('');
  return `${styled ? STYLED_PARAGRAPH : '<w:p>'}${runsXml}</w:p>`;
}

const WML_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml';

/** The parts besides the body a test document may have: path, content type, relationship. */
const EXTRA_PARTS = {
  header: { path: 'word/header1.xml', type: `${WML_TYPE}.header+xml`, root: 'w:hdr' },
  footer: { path: 'word/footer1.xml', type: `${WML_TYPE}.footer+xml`, root: 'w:ftr' },
  footnote: { path: 'word/footnotes.xml', type: `${WML_TYPE}.footnotes+xml`, root: 'w:footnotes' },
  comment: { path: 'word/comments.xml', type: `${WML_TYPE}.comments+xml`, root: 'w:comments' },
} as const;

type ExtraPart = keyof typeof EXTRA_PARTS;

function contentTypesXml(parts: readonly ExtraPart[], withTitle: boolean): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/word/document.xml" ContentType="${WORD_MAIN_CONTENT_TYPE}"/>` +
    parts
      .map((part) => {
        const { path, type } = EXTRA_PARTS[part];
        return `<Override PartName="/${path}" ContentType="${type}"/>`;
      })
      .join('') +
    (withTitle
      ? '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
      : '') +
    '</Types>'
  );
}

/** A part's XML: a footnote and a comment wrap their paragraphs as Word does. */
function extraPartXml(part: ExtraPart, paragraphs: readonly TestParagraph[]): string {
  const body = paragraphs.map((paragraph) => paragraphXml(paragraph)).join('');
  const inner =
    part === 'footnote'
      ? `<w:footnote w:id="1">${body}</w:footnote>`
      : part === 'comment'
        ? `<w:comment w:id="0" w:author="Revisore" w:initials="R">${body}</w:comment>`
        : body;
  const root = EXTRA_PARTS[part].root;
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><${root} xmlns:w="${W_NS}" xmlns:r="${R_NS}">${inner}</${root}>`;
}

/**
 * A real, minimal .docx (WordprocessingML) with the given paragraphs: opens in Word and
 * LibreOffice, and is what docxtemplater sees in an editor's master.
 */
export function buildDocx(paragraphs: TestParagraph[], options: TestDocxOptions = {}): Buffer {
  const parts = (Object.keys(EXTRA_PARTS) as ExtraPart[]).filter(
    (part) => options[part] !== undefined,
  );
  const withTitle = options.title !== undefined;
  const zip = new PizZip();
  zip.file('[Content_Types].xml', options.contentTypes ?? contentTypesXml(parts, withTitle));
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${REL_NS}"><Relationship Id="rId1" Type="${OFFICE_DOC_REL}" Target="word/document.xml"/>${
      withTitle ? `<Relationship Id="rId2" Type="${CORE_REL}" Target="docProps/core.xml"/>` : ''
    }</Relationships>`,
  );
  zip.file(
    'word/_rels/document.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${REL_NS}">${parts
      .map(
        (part) =>
          `<Relationship Id="rId${part}" Type="${PART_REL}/${part === 'footnote' ? 'footnotes' : part === 'comment' ? 'comments' : part}" Target="${EXTRA_PARTS[part].path.slice('word/'.length)}"/>`,
      )
      .join('')}</Relationships>`,
  );
  const references = [
    options.header !== undefined ? '<w:headerReference w:type="default" r:id="rIdheader"/>' : '',
    options.footer !== undefined ? '<w:footerReference w:type="default" r:id="rIdfooter"/>' : '',
  ].join('');
  const sectionXml = references ? `<w:sectPr>${references}</w:sectPr>` : '<w:sectPr/>';
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W_NS}" xmlns:r="${R_NS}"><w:body>${paragraphs
      .map((paragraph) => paragraphXml(paragraph, options.styled))
      .join('')}${options.bodyXml ?? ''}${sectionXml}</w:body></w:document>`,
  );
  for (const part of parts) {
    zip.file(EXTRA_PARTS[part].path, extraPartXml(part, options[part] ?? []));
  }
  if (withTitle) {
    zip.file(
      'docProps/core.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${escapeText(options.title ?? '')}</dc:title></cp:coreProperties>`,
    );
  }
  for (const [name, content] of Object.entries(options.entries ?? {})) zip.file(name, content);
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * A paragraph with a Word mail-merge field, as Word writes it: the field code
 * `MERGEFIELD name` and its result «name» between the field's begin, separate and end marks.
 */
export function mergeFieldParagraph(before: string, name: string): string {
  return (
    `<w:p><w:r><w:t xml:space="preserve">${escapeText(before)}</w:t></w:r>` +
    '<w:r><w:fldChar w:fldCharType="begin"/></w:r>' +
    `<w:r><w:instrText xml:space="preserve"> MERGEFIELD  ${name}  \\* MERGEFORMAT </w:instrText></w:r>` +
    '<w:r><w:fldChar w:fldCharType="separate"/></w:r>' +
    `<w:r><w:t>«${name}»</w:t></w:r>` +
    '<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>'
  );
}

/** The questions of the sample contract: a lease or a sale, with services to pick. */
export const SAMPLE_QUESTIONS = [
  {
    variable: 'nome_cliente',
    question: 'Chi è il cliente?',
    options: ['Mario Rossi', 'Anna Bianchi'],
    required_answers: [],
    is_multiple_selection: false,
  },
  {
    variable: 'tipo',
    question: 'Che contratto è?',
    options: ['Vendita', 'Locazione'],
    required_answers: [],
    is_multiple_selection: false,
  },
  {
    variable: 'deposito',
    question: 'È previsto un deposito cauzionale?',
    options: ['Sì', 'No'],
    required_answers: [{ tipo: 'Locazione' }],
    is_multiple_selection: false,
  },
  {
    variable: 'servizi',
    question: 'Quali servizi sono inclusi?',
    options: ['Pulizie', 'Portineria', 'Giardino'],
    required_answers: [],
    is_multiple_selection: true,
  },
];

export const SAMPLE_ANSWERS = {
  nome_cliente: 'Mario Rossi',
  tipo: 'Locazione',
  deposito: 'Sì',
  servizi: ['Pulizie', 'Giardino'],
};

const FILLER =
  'Le parti convengono che il presente contratto è regolato dalla legge italiana e che ogni controversia relativa alla sua interpretazione, esecuzione o risoluzione sarà devoluta alla competenza esclusiva del Foro del luogo in cui ha sede il locatore, fatta salva ogni diversa disposizione inderogabile di legge.';

/**
 * A realistic contract of about `pages` pages (20 paragraphs a page, Word-like XML) using every
 * construct of the authoring language: insertions, sections, inverse sections, `contiene`.
 */
export function buildSampleContract(pages = 24, options: TestDocxOptions = {}): Buffer {
  const paragraphs: TestParagraph[] = ['CONTRATTO', 'Tra {nome_cliente} e la controparte.'];
  for (let article = 1; paragraphs.length < pages * 20; article += 1) {
    paragraphs.push(`Art. ${article} – Disposizioni`);
    if (article % 5 === 1) {
      paragraphs.push('{#tipo == "Locazione"}', `Il conduttore {nome_cliente} ${FILLER}`, '{/}');
    }
    if (article % 5 === 2)
      paragraphs.push('{^tipo == "Locazione"}', `Il venditore ${FILLER}`, '{/}');
    if (article % 5 === 3) {
      paragraphs.push(
        '{#tipo == "Locazione" and deposito == "Sì"}',
        `Il deposito cauzionale ${FILLER}`,
        '{/}',
      );
    }
    if (article % 5 === 4) {
      paragraphs.push(
        `Servizi inclusi: {servizi}.`,
        '{#servizi | contiene:"Giardino"}',
        FILLER,
        '{/}',
      );
    }
    paragraphs.push(FILLER, FILLER, FILLER);
  }
  return buildDocx(paragraphs, { styled: true, ...options });
}

export type RawZipEntry = {
  name: string;
  /** The content; deflated unless `stored`, or replaced by `deflated`. */
  data?: Buffer | string;
  stored?: boolean;
  /** Prebuilt DEFLATE data (a bomb), with the CRC and size of what it unpacks to. */
  deflated?: { data: Buffer; crc: number; size: number };
  /** The uncompressed size written in the headers, to build a zip that lies. */
  declaredSize?: number;
};

/**
 * A zip written byte by byte, for files no zip library would produce: bombs, lying headers,
 * thousands of entries.
 */
export function buildZip(entries: RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = Buffer.from(entry.data ?? '');
    const compressed = entry.deflated?.data ?? (entry.stored ? raw : deflateRawSync(raw));
    const crc = entry.deflated?.crc ?? crc32(raw);
    const size = entry.declaredSize ?? entry.deflated?.size ?? raw.length;
    const method = entry.stored && !entry.deflated ? 0 : 8;
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The entries of a minimal valid .docx, to combine with malicious ones. */
export function docxEntries(paragraphs: TestParagraph[] = ['Testo']): RawZipEntry[] {
  const zip = new PizZip(buildDocx(paragraphs));
  return Object.values(zip.files).map((file) => ({
    name: file.name,
    data: Buffer.from(file.asUint8Array()),
  }));
}

/**
 * A .docx whose body is `count` copies of `paragraph`, its `word/document.xml` deflated as a
 * stream: 16 million empty paragraphs unpack to 95 MB yet zip to about 140 KB, and the test
 * never holds the XML. The shape of the master that killed the server (issue 10).
 */
export async function buildManyParagraphsDocx(
  count: number,
  paragraph = '<w:p/>',
): Promise<Buffer> {
  const head = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W_NS}"><w:body>`;
  const tail = '</w:body></w:document>';
  const step = Math.min(count, 10_000);
  const block = Buffer.from(paragraph.repeat(step));
  const deflater = createDeflateRaw({ level: 9 });
  const output: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => output.push(chunk));
  const finished = new Promise((resolve) => deflater.on('end', resolve));
  let crc = crc32(head);
  let size = head.length;
  deflater.write(head);
  for (let written = 0; written < count; written += step) {
    const chunk = written + step <= count ? block : Buffer.from(paragraph.repeat(count - written));
    crc = crc32(chunk, crc);
    size += chunk.length;
    if (!deflater.write(chunk)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  crc = crc32(tail, crc);
  size += tail.length;
  deflater.end(tail);
  await finished;
  const others = docxEntries().filter((entry) => entry.name !== 'word/document.xml');
  return buildZip([
    ...others,
    { name: 'word/document.xml', deflated: { data: Buffer.concat(output), crc, size } },
  ]);
}
