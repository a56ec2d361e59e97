import PizZip from 'pizzip';

/**
 * The .docx package of a lint-corpus fixture, shaped as Word saves one: styles with Italian
 * names (Normale, Titolo1, Paragrafoelenco), numbering for "Art. N." headings and bullets,
 * headers and footers, footnotes with their separators, review comments with their companion
 * parts, and the document properties. Fixed zip dates: a rebuild gives the same bytes.
 */

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const WML = 'application/vnd.openxmlformats-officedocument.wordprocessingml';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Every namespace Word declares on its parts, so text boxes, shapes and w14 ids parse. */
export const NAMESPACES = [
  `xmlns:w="${W_NS}"`,
  `xmlns:r="${R_NS}"`,
  'xmlns:v="urn:schemas-microsoft-com:vml"',
  'xmlns:o="urn:schemas-microsoft-com:office:office"',
  'xmlns:w10="urn:schemas-microsoft-com:office:word"',
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"',
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"',
  'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"',
  'xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml"',
  'xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml"',
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"',
  'mc:Ignorable="w14 w15"',
].join(' ');

/** Local-time fields, as DOS zip dates store them: the same bytes in every time zone. */
const FIXED_ZIP_DATE = new Date(2026, 0, 1, 0, 0, 0);

export type CorpusComment = { author: string; paragraphs: string };

export type CorpusDocument = {
  /** The body's paragraphs and tables (WordprocessingML), without the final `w:sectPr`. */
  body: string;
  /**
   * The final section's properties; by default an A4 page that references `header1.xml` and
   * `footer1.xml` when the document has them.
   */
  finalSection?: string;
  /** Headers and footers by relationship id (`rIdH1` → header1.xml): their paragraphs. */
  headers?: Record<string, string>;
  footers?: Record<string, string>;
  /** Footnote bodies by id (from 1), each its paragraphs. */
  footnotes?: Record<string, string>;
  /** Review comments by id. */
  comments?: Record<string, CorpusComment>;
  /** The document's title in File › Info (docProps/core.xml). */
  title?: string;
};

const STYLES =
  `${XML_DECLARATION}<w:styles ${NAMESPACES}>` +
  '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Liberation Serif" w:hAnsi="Liberation Serif" w:cs="Liberation Serif"/>' +
  '<w:sz w:val="24"/><w:szCs w:val="24"/><w:lang w:val="it-IT" w:eastAsia="it-IT" w:bidi="ar-SA"/></w:rPr></w:rPrDefault>' +
  '<w:pPrDefault><w:pPr><w:spacing w:after="160" w:line="259" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>' +
  '<w:style w:type="paragraph" w:default="1" w:styleId="Normale"><w:name w:val="Normal"/><w:qFormat/></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Titolo1"><w:name w:val="heading 1"/><w:basedOn w:val="Normale"/>' +
  '<w:next w:val="Normale"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="240"/><w:outlineLvl w:val="0"/></w:pPr>' +
  '<w:rPr><w:b/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Paragrafoelenco"><w:name w:val="List Paragraph"/><w:basedOn w:val="Normale"/>' +
  '<w:qFormat/><w:pPr><w:ind w:left="720"/><w:contextualSpacing/></w:pPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Intestazione"><w:name w:val="header"/><w:basedOn w:val="Normale"/>' +
  '<w:pPr><w:spacing w:after="0"/></w:pPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Pidipagina"><w:name w:val="footer"/><w:basedOn w:val="Normale"/>' +
  '<w:pPr><w:spacing w:after="0"/><w:jc w:val="center"/></w:pPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Testonotaapidipagina"><w:name w:val="footnote text"/><w:basedOn w:val="Normale"/>' +
  '<w:pPr><w:spacing w:after="0"/></w:pPr><w:rPr><w:sz w:val="20"/><w:szCs w:val="20"/></w:rPr></w:style>' +
  '<w:style w:type="character" w:styleId="Rimandonotaapidipagina"><w:name w:val="footnote reference"/>' +
  '<w:rPr><w:vertAlign w:val="superscript"/></w:rPr></w:style>' +
  '<w:style w:type="character" w:styleId="Rimandocommento"><w:name w:val="annotation reference"/>' +
  '<w:rPr><w:sz w:val="16"/><w:szCs w:val="16"/></w:rPr></w:style>' +
  '<w:style w:type="table" w:styleId="Grigliatabella"><w:name w:val="Table Grid"/><w:tblPr><w:tblBorders>' +
  '<w:top w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:left w:val="single" w:sz="4" w:space="0" w:color="auto"/>' +
  '<w:bottom w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:right w:val="single" w:sz="4" w:space="0" w:color="auto"/>' +
  '<w:insideH w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:insideV w:val="single" w:sz="4" w:space="0" w:color="auto"/>' +
  '</w:tblBorders></w:tblPr></w:style>' +
  '</w:styles>';

const NUMBERING =
  `${XML_DECLARATION}<w:numbering ${NAMESPACES}>` +
  '<w:abstractNum w:abstractNumId="0"><w:multiLevelType w:val="singleLevel"/><w:lvl w:ilvl="0"><w:start w:val="1"/>' +
  '<w:numFmt w:val="decimal"/><w:lvlText w:val="Art. %1."/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="0" w:firstLine="0"/></w:pPr></w:lvl></w:abstractNum>' +
  '<w:abstractNum w:abstractNumId="1"><w:multiLevelType w:val="singleLevel"/><w:lvl w:ilvl="0"><w:start w:val="1"/>' +
  '<w:numFmt w:val="bullet"/><w:lvlText w:val="•"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum>' +
  '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>' +
  '</w:numbering>';

const SETTINGS =
  `${XML_DECLARATION}<w:settings ${NAMESPACES}><w:zoom w:percent="100"/><w:proofState w:spelling="clean" w:grammar="clean"/>` +
  '<w:defaultTabStop w:val="708"/><w:hyphenationZone w:val="283"/><w:characterSpacingControl w:val="doNotCompress"/>' +
  '<w:footnotePr><w:footnote w:id="-1"/><w:footnote w:id="0"/></w:footnotePr>' +
  '<w:rsids><w:rsidRoot w:val="00A1B2C3"/><w:rsid w:val="00A1B2C3"/><w:rsid w:val="00B4C5D6"/><w:rsid w:val="00F1E2D3"/></w:rsids>' +
  '<w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat>' +
  '<w:themeFontLang w:val="it-IT"/><w:decimalSymbol w:val=","/><w:listSeparator w:val=";"/></w:settings>';

/** A4 portrait, 2 cm margins (twentieths of a point). */
const PAGE =
  '<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134" w:header="708" w:footer="708" w:gutter="0"/><w:cols w:space="708"/>';

/** Section properties of an A4 page with the given header and footer references. */
export function section(
  references: { header?: string; footer?: string } = {},
  type?: 'nextPage',
): string {
  return `<w:sectPr>${references.header ? `<w:headerReference w:type="default" r:id="${references.header}"/>` : ''}${
    references.footer ? `<w:footerReference w:type="default" r:id="${references.footer}"/>` : ''
  }${type ? `<w:type w:val="${type}"/>` : ''}${PAGE}</w:sectPr>`;
}

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** The .docx bytes of a corpus document. */
export function buildCorpusDocx(document: CorpusDocument): Buffer {
  const headers = Object.entries(document.headers ?? {});
  const footers = Object.entries(document.footers ?? {});
  const footnotes = Object.entries(document.footnotes ?? {});
  const comments = Object.entries(document.comments ?? {});
  const headerFile = (index: number) => `header${index + 1}.xml`;
  const footerFile = (index: number) => `footer${index + 1}.xml`;

  const overrides: [string, string][] = [
    ['/word/document.xml', `${WML}.document.main+xml`],
    ['/word/styles.xml', `${WML}.styles+xml`],
    ['/word/settings.xml', `${WML}.settings+xml`],
    ['/word/numbering.xml', `${WML}.numbering+xml`],
    ...headers.map((_, i): [string, string] => [`/word/${headerFile(i)}`, `${WML}.header+xml`]),
    ...footers.map((_, i): [string, string] => [`/word/${footerFile(i)}`, `${WML}.footer+xml`]),
    ...(footnotes.length > 0
      ? [['/word/footnotes.xml', `${WML}.footnotes+xml`] as [string, string]]
      : []),
    ...(comments.length > 0
      ? ([
          ['/word/comments.xml', `${WML}.comments+xml`],
          ['/word/commentsExtended.xml', `${WML}.commentsExtended+xml`],
        ] as [string, string][])
      : []),
    ['/docProps/core.xml', 'application/vnd.openxmlformats-package.core-properties+xml'],
  ];
  const relationships: [string, string, string][] = [
    ['rIdS', `${RELATIONSHIP}/styles`, 'styles.xml'],
    ['rIdT', `${RELATIONSHIP}/settings`, 'settings.xml'],
    ['rIdN', `${RELATIONSHIP}/numbering`, 'numbering.xml'],
    ...headers.map(([id], i): [string, string, string] => [
      id,
      `${RELATIONSHIP}/header`,
      headerFile(i),
    ]),
    ...footers.map(([id], i): [string, string, string] => [
      id,
      `${RELATIONSHIP}/footer`,
      footerFile(i),
    ]),
    ...(footnotes.length > 0
      ? [['rIdF', `${RELATIONSHIP}/footnotes`, 'footnotes.xml'] as [string, string, string]]
      : []),
    ...(comments.length > 0
      ? ([
          ['rIdC1', `${RELATIONSHIP}/comments`, 'comments.xml'],
          [
            'rIdC2',
            'http://schemas.microsoft.com/office/2011/relationships/commentsExtended',
            'commentsExtended.xml',
          ],
        ] as [string, string, string][])
      : []),
  ];
  const relationshipsXml = (items: [string, string, string][]) =>
    `${XML_DECLARATION}<Relationships xmlns="${REL_NS}">${items
      .map(([id, type, target]) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`)
      .join('')}</Relationships>`;

  const finalSection =
    document.finalSection ?? section({ header: headers[0]?.[0], footer: footers[0]?.[0] });
  const parts: [string, string][] = [
    [
      '[Content_Types].xml',
      `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        overrides
          .map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`)
          .join('') +
        '</Types>',
    ],
    [
      '_rels/.rels',
      relationshipsXml([
        ['rId1', `${RELATIONSHIP}/officeDocument`, 'word/document.xml'],
        [
          'rId2',
          'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties',
          'docProps/core.xml',
        ],
      ]),
    ],
    [
      'docProps/core.xml',
      `${XML_DECLARATION}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
        `<dc:title>${escapeText(document.title ?? '')}</dc:title><dc:creator>Studio Legale Rossi</dc:creator>` +
        '<dcterms:created xsi:type="dcterms:W3CDTF">2026-01-01T00:00:00Z</dcterms:created>' +
        '<dcterms:modified xsi:type="dcterms:W3CDTF">2026-01-01T00:00:00Z</dcterms:modified>' +
        '</cp:coreProperties>',
    ],
    [
      'word/document.xml',
      `${XML_DECLARATION}<w:document ${NAMESPACES}><w:body>${document.body}${finalSection}</w:body></w:document>`,
    ],
    ['word/_rels/document.xml.rels', relationshipsXml(relationships)],
    ['word/styles.xml', STYLES],
    ['word/settings.xml', SETTINGS],
    ['word/numbering.xml', NUMBERING],
    ...headers.map(([, xml], i): [string, string] => [
      `word/${headerFile(i)}`,
      `${XML_DECLARATION}<w:hdr ${NAMESPACES}>${xml}</w:hdr>`,
    ]),
    ...footers.map(([, xml], i): [string, string] => [
      `word/${footerFile(i)}`,
      `${XML_DECLARATION}<w:ftr ${NAMESPACES}>${xml}</w:ftr>`,
    ]),
  ];
  if (footnotes.length > 0) {
    parts.push([
      'word/footnotes.xml',
      `${XML_DECLARATION}<w:footnotes ${NAMESPACES}>` +
        '<w:footnote w:type="separator" w:id="-1"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:separator/></w:r></w:p></w:footnote>' +
        '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>' +
        footnotes.map(([id, xml]) => `<w:footnote w:id="${id}">${xml}</w:footnote>`).join('') +
        '</w:footnotes>',
    ]);
  }
  if (comments.length > 0) {
    parts.push(
      [
        'word/comments.xml',
        `${XML_DECLARATION}<w:comments ${NAMESPACES}>${comments
          .map(
            ([id, comment]) =>
              `<w:comment w:id="${id}" w:author="${comment.author}" w:date="2026-10-02T09:14:00Z" w:initials="${comment.author
                .split(/\s+/)
                .map((word) => word[0])
                .join('')}">${comment.paragraphs}</w:comment>`,
          )
          .join('')}</w:comments>`,
      ],
      [
        'word/commentsExtended.xml',
        `${XML_DECLARATION}<w15:commentsEx ${NAMESPACES}>${comments
          .map((_, index) => `<w15:commentEx w15:paraId="5E6F7A${10 + index}" w15:done="0"/>`)
          .join('')}</w15:commentsEx>`,
      ],
    );
  }
  const zip = new PizZip();
  for (const [name, content] of parts) zip.file(name, content, { date: FIXED_ZIP_DATE });
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
