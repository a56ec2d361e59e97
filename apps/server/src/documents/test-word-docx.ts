import PizZip from 'pizzip';

/**
 * Test documents shaped as Word writes them (issue 12): runs split by revision ids, review
 * comments anchored over tags, tracked changes, numbered headings and bullets, sections with
 * their own headers, bookmarks and cross-references. Built from readable XML fragments.
 */

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml';
const NAMESPACES = [
  `xmlns:w="${W_NS}"`,
  `xmlns:r="${R_NS}"`,
  'xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml"',
  'xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml"',
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"',
  'mc:Ignorable="w14 w15"',
].join(' ');

/** A run as Word writes it: its own revision id and Word's font properties. */
export function run(text: string, rsid = '00A1B2C3'): string {
  return `<w:r w:rsidR="${rsid}"><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/><w:lang w:val="it-IT"/></w:rPr><w:t xml:space="preserve">${text}</w:t></w:r>`;
}

/** A paragraph of runs, with paragraph properties (`<w:pStyle …/>`, `<w:numPr>…`) if any. */
export function paragraph(runs: string | string[], properties = ''): string {
  const content = (Array.isArray(runs) ? runs : [run(runs)]).join('');
  return `<w:p w:rsidR="00A1B2C3" w:rsidRDefault="00A1B2C3" w14:paraId="1A2B3C4D"${
    properties ? `><w:pPr>${properties}</w:pPr>` : '>'
  }${content}</w:p>`;
}

/** A numbered heading ("Art. N.", list 1) or a bullet (list 2). */
export const HEADING =
  '<w:pStyle w:val="Titolo1"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>';
export const BULLET =
  '<w:pStyle w:val="Paragrafoelenco"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="2"/></w:numPr>';

/** An item of a list lettered «a)», «b)» (list 3). */
export const LETTERED =
  '<w:pStyle w:val="Paragrafoelenco"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="3"/></w:numPr>';

/** The section properties of a page section with its own header. */
export function sectionProperties(headerId: string): string {
  return `<w:sectPr w:rsidR="00A1B2C3"><w:headerReference w:type="default" r:id="${headerId}"/><w:type w:val="nextPage"/><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1417" w:right="1134" w:bottom="1134" w:left="1134" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>`;
}

export type WordPackage = {
  /** The body's paragraphs and tables, without the final `w:sectPr`. */
  body: string;
  /** The final section's properties; a plain A4 page when omitted. */
  finalSection?: string;
  /** Header parts by relationship id: `{ rIdH1: paragraph('Intestazione') }`. */
  headers?: Record<string, string>;
  /** Comment bodies by id, written to comments.xml with Word's companion parts. */
  comments?: Record<string, string>;
};

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles ${NAMESPACES}><w:style w:type="paragraph" w:default="1" w:styleId="Normale"><w:name w:val="Normal"/></w:style><w:style w:type="paragraph" w:styleId="Titolo1"><w:name w:val="heading 1"/><w:basedOn w:val="Normale"/><w:pPr><w:keepNext/><w:spacing w:before="240"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/></w:rPr></w:style><w:style w:type="paragraph" w:styleId="Paragrafoelenco"><w:name w:val="List Paragraph"/><w:basedOn w:val="Normale"/><w:pPr><w:ind w:left="720"/></w:pPr></w:style></w:styles>`;

const NUMBERING = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering ${NAMESPACES}><w:abstractNum w:abstractNumId="0"><w:multiLevelType w:val="singleLevel"/><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="Art. %1."/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="0" w:firstLine="0"/></w:pPr></w:lvl></w:abstractNum><w:abstractNum w:abstractNumId="1"><w:multiLevelType w:val="singleLevel"/><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum><w:abstractNum w:abstractNumId="2"><w:multiLevelType w:val="singleLevel"/><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="%1)"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num><w:num w:numId="3"><w:abstractNumId w:val="2"/></w:num></w:numbering>`;

const PLAIN_SECTION =
  '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1417" w:right="1134" w:bottom="1134" w:left="1134" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>';

/** A .docx with styles, numbering, headers and comments as Word packages them. */
export function buildWordDocx(content: WordPackage): Buffer {
  const zip = new PizZip();
  const headers = Object.entries(content.headers ?? {});
  const overrides = [
    ['/word/document.xml', `${CONTENT_TYPE}.document.main+xml`],
    ['/word/styles.xml', `${CONTENT_TYPE}.styles+xml`],
    ['/word/numbering.xml', `${CONTENT_TYPE}.numbering+xml`],
    ...headers.map(([id]) => [`/word/header-${id}.xml`, `${CONTENT_TYPE}.header+xml`]),
    ...(content.comments
      ? [
          ['/word/comments.xml', `${CONTENT_TYPE}.comments+xml`],
          ['/word/commentsExtended.xml', `${CONTENT_TYPE}.commentsExtended+xml`],
          ['/word/commentsIds.xml', `${CONTENT_TYPE}.commentsIds+xml`],
        ]
      : []),
  ];
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides
      .map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`)
      .join('')}</Types>`,
  );
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${REL_NS}"><Relationship Id="rId1" Type="${RELATIONSHIP}/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  const relationships = [
    ['rIdS', `${RELATIONSHIP}/styles`, 'styles.xml'],
    ['rIdN', `${RELATIONSHIP}/numbering`, 'numbering.xml'],
    ...headers.map(([id]) => [id, `${RELATIONSHIP}/header`, `header-${id}.xml`]),
    ...(content.comments
      ? [
          ['rIdC1', `${RELATIONSHIP}/comments`, 'comments.xml'],
          [
            'rIdC2',
            'http://schemas.microsoft.com/office/2011/relationships/commentsExtended',
            'commentsExtended.xml',
          ],
          [
            'rIdC3',
            'http://schemas.microsoft.com/office/2016/09/relationships/commentsIds',
            'commentsIds.xml',
          ],
        ]
      : []),
  ];
  zip.file(
    'word/_rels/document.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${REL_NS}">${relationships
      .map(([id, type, target]) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`)
      .join('')}</Relationships>`,
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${NAMESPACES}><w:body>${content.body}${
      content.finalSection ?? PLAIN_SECTION
    }</w:body></w:document>`,
  );
  zip.file('word/styles.xml', STYLES);
  zip.file('word/numbering.xml', NUMBERING);
  for (const [id, xml] of headers) {
    zip.file(
      `word/header-${id}.xml`,
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:hdr ${NAMESPACES}>${xml}</w:hdr>`,
    );
  }
  if (content.comments) {
    const comments = Object.entries(content.comments);
    zip.file(
      'word/comments.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:comments ${NAMESPACES}>${comments
        .map(
          ([id, text]) =>
            `<w:comment w:id="${id}" w:author="Avv. Bianchi" w:date="2026-10-02T09:14:00Z" w:initials="AB"><w:p w14:paraId="5E6F7A8B"><w:r><w:rPr><w:rStyle w:val="Rimandocommento"/></w:rPr><w:annotationRef/></w:r><w:r><w:t>${text}</w:t></w:r></w:p></w:comment>`,
        )
        .join('')}</w:comments>`,
    );
    zip.file(
      'word/commentsExtended.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w15:commentsEx ${NAMESPACES}>${comments
        .map(() => '<w15:commentEx w15:paraId="5E6F7A8B" w15:done="0"/>')
        .join('')}</w15:commentsEx>`,
    );
    zip.file(
      'word/commentsIds.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w16cid:commentsIds xmlns:w16cid="http://schemas.microsoft.com/office/word/2016/wordml/cid">${comments
        .map(() => '<w16cid:commentId w16cid:paraId="5E6F7A8B" w16cid:durableId="2A3B4C5D"/>')
        .join('')}</w16cid:commentsIds>`,
    );
  }
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

export const REVIEW_NOTE = 'verificare importo con società';
export const DELETED_TAG = '{importo_vecchio}';

/**
 * A master as it comes back from review: a comment anchored over `{nome_cliente}` (split in
 * runs), an inserted clause holding a tag, a deleted tag (`w:delText`), a moved sentence, a
 * formatting change and a paragraph whose deletion was tracked.
 */
export function reviewedMaster(): Buffer {
  const inserted = (text: string, id: number) =>
    `<w:ins w:id="${id}" w:author="Avv. Bianchi" w:date="2026-10-02T09:10:00Z">${run(text, '00F1E2D3')}</w:ins>`;
  const deleted = (text: string, id: number) =>
    `<w:del w:id="${id}" w:author="Avv. Bianchi" w:date="2026-10-02T09:11:00Z"><w:r w:rsidDel="00F1E2D3"><w:delText xml:space="preserve">${text}</w:delText></w:r></w:del>`;
  const body = [
    paragraph([
      run('Il cliente '),
      '<w:commentRangeStart w:id="0"/>',
      run('{nome_'),
      run('cliente}', '00B4C5D6'),
      '<w:commentRangeEnd w:id="0"/>',
      '<w:r><w:rPr><w:rStyle w:val="Rimandocommento"/></w:rPr><w:commentReference w:id="0"/></w:r>',
      run(' si obbliga a pagare '),
      deleted(DELETED_TAG, 1),
      inserted('{importo}', 2),
      run(' euro.'),
    ]),
    paragraph([
      '<w:moveFromRangeStart w:id="3" w:author="Avv. Bianchi" w:date="2026-10-02T09:12:00Z" w:name="move1"/>',
      '<w:moveFrom w:id="4" w:author="Avv. Bianchi" w:date="2026-10-02T09:12:00Z">',
      run('Frase spostata.'),
      '</w:moveFrom>',
      '<w:moveFromRangeEnd w:id="3"/>',
      run('Testo fermo.'),
    ]),
    paragraph(
      [
        run('Clausola con formato cambiato.').replace(
          '</w:rPr>',
          '<w:b/><w:rPrChange w:id="5" w:author="Avv. Bianchi" w:date="2026-10-02T09:13:00Z"><w:rPr><w:i/></w:rPr></w:rPrChange></w:rPr>',
        ),
      ],
      '<w:jc w:val="both"/><w:pPrChange w:id="6" w:author="Avv. Bianchi" w:date="2026-10-02T09:13:00Z"><w:pPr><w:jc w:val="left"/></w:pPr></w:pPrChange>',
    ),
    paragraph(
      [deleted('Paragrafo cancellato dal revisore.', 7)],
      '<w:rPr><w:del w:id="8" w:author="Avv. Bianchi" w:date="2026-10-02T09:14:00Z"/></w:rPr>',
    ),
    paragraph([
      '<w:moveToRangeStart w:id="9" w:author="Avv. Bianchi" w:date="2026-10-02T09:12:00Z" w:name="move1"/>',
      '<w:moveTo w:id="10" w:author="Avv. Bianchi" w:date="2026-10-02T09:12:00Z">',
      run('Frase spostata.'),
      '</w:moveTo>',
      '<w:moveToRangeEnd w:id="9"/>',
      run(' Fine.'),
    ]),
  ].join('');
  return buildWordDocx({ body, comments: { 0: REVIEW_NOTE } });
}

/** The same master with comments only, no revision: what an upload accepts. */
export function commentedMaster(): Buffer {
  const body = paragraph([
    run('Il cliente '),
    '<w:commentRangeStart w:id="0"/>',
    run('{nome_'),
    run('cliente}', '00B4C5D6'),
    '<w:commentRangeEnd w:id="0"/>',
    '<w:r><w:rPr><w:rStyle w:val="Rimandocommento"/></w:rPr><w:commentReference w:id="0"/></w:r>',
    run(' si obbliga.'),
  ]);
  return buildWordDocx({ body, comments: { 0: REVIEW_NOTE } });
}

/**
 * A checkbox content control as Word 2010+ writes it (Sviluppo → Casella di controllo), with
 * its tag (`w:sdtPr/w:tag`, XML-escaped) and the glyph of its state in MS Gothic.
 */
export function checkboxControl(
  tag: string,
  states = '<w14:checkedState w14:val="2612" w14:font="MS Gothic"/><w14:uncheckedState w14:val="2610" w14:font="MS Gothic"/>',
): string {
  return `<w:sdt><w:sdtPr><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/></w:rPr><w:id w:val="-1824883871"/><w:tag w:val="${tag}"/><w14:checkbox><w14:checked w14:val="0"/>${states}</w14:checkbox></w:sdtPr><w:sdtContent><w:r><w:rPr><w:rFonts w:ascii="MS Gothic" w:eastAsia="MS Gothic" w:hAnsi="MS Gothic" w:hint="eastAsia"/></w:rPr><w:t>☐</w:t></w:r></w:sdtContent></w:sdt>`;
}

/** A legacy form checkbox (FORMCHECKBOX) whose status bar text is `statusText`. */
export function formCheckbox(statusText: string): string {
  return [
    `<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="Controllo1"/><w:enabled/><w:calcOnExit w:val="0"/><w:statusText w:type="text" w:val="${statusText}"/><w:checkBox><w:sizeAuto/><w:default w:val="0"/></w:checkBox></w:ffData></w:fldChar></w:r>`,
    '<w:r><w:instrText xml:space="preserve"> FORMCHECKBOX </w:instrText></w:r>',
    '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
  ].join('');
}
