import PizZip from 'pizzip';
import type { DemoParagraph, ParagraphStyle } from './demo-template.ts';

/**
 * A WordprocessingML package written from scratch for the demo masters and previews: styles
 * (Title, Subtitle, heading 1, Normal), A4 page with margins, a header, page numbers in the footer, Italian
 * proofing language, DEFLATE compression and fixed zip dates, so a rebuild is byte-identical.
 */

export type DocxVariant = 'master' | 'preview';

export type DemoDocxInput = {
  /** The document title, in the header and in the document properties. */
  title: string;
  paragraphs: readonly DemoParagraph[];
  /** The preview carries an "ANTEPRIMA" watermark and a notice in the header and footer. */
  variant: DocxVariant;
};

export const PREVIEW_NOTICE = 'ANTEPRIMA – documento non valido';
export const WATERMARK_TEXT = 'ANTEPRIMA';

const NS = {
  w: 'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  v: 'urn:schemas-microsoft-com:vml',
  o: 'urn:schemas-microsoft-com:office:office',
  w10: 'urn:schemas-microsoft-com:office:word',
  rels: 'http://schemas.openxmlformats.org/package/2006/relationships',
  contentTypes: 'http://schemas.openxmlformats.org/package/2006/content-types',
};
const REL_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const WORD_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml';

/** Local-time fields, as DOS zip dates store them: the same bytes in every time zone. */
const FIXED_ZIP_DATE = new Date(2026, 0, 1, 0, 0, 0);
const FIXED_ISO_DATE = '2026-01-01T00:00:00Z';

/** Word writes `"` as it is in text (the tags' string literals); only markup is escaped. */
function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

const STYLE_IDS: Record<ParagraphStyle, string | null> = {
  title: 'Title',
  subtitle: 'Subtitle',
  heading: 'Heading1',
  body: null,
};

/** A paragraph of one run: tags stay whole in one `<w:t>`, as docxtemplater likes them best. */
function paragraphXml({ text, style = 'body' }: DemoParagraph): string {
  const styleId = STYLE_IDS[style];
  const properties = styleId ? `<w:pPr><w:pStyle w:val="${styleId}"/></w:pPr>` : '';
  return `<w:p>${properties}<w:r><w:t xml:space="preserve">${escapeText(text)}</w:t></w:r></w:p>`;
}

function textRun(text: string, properties = ''): string {
  const rPr = properties ? `<w:rPr>${properties}</w:rPr>` : '';
  return `<w:r>${rPr}<w:t xml:space="preserve">${escapeText(text)}</w:t></w:r>`;
}

/** A field (PAGE, NUMPAGES) as Word writes it, with a cached value for viewers that do not update. */
function fieldRuns(instruction: string): string {
  return (
    '<w:r><w:fldChar w:fldCharType="begin"/></w:r>' +
    `<w:r><w:instrText xml:space="preserve"> ${instruction} </w:instrText></w:r>` +
    '<w:r><w:fldChar w:fldCharType="separate"/></w:r>' +
    '<w:r><w:t>1</w:t></w:r>' +
    '<w:r><w:fldChar w:fldCharType="end"/></w:r>'
  );
}

/** Word's own text watermark (Progettazione › Filigrana): a rotated grey VML WordArt shape. */
const WATERMARK_SHAPE =
  '<w:r><w:rPr><w:noProof/></w:rPr><w:pict>' +
  '<v:shapetype id="_x0000_t136" coordsize="21600,21600" o:spt="136" adj="10800" path="m@7,l@8,m@5,21600l@6,21600e">' +
  '<v:formulas><v:f eqn="sum #0 0 10800"/><v:f eqn="prod #0 2 1"/><v:f eqn="sum 21600 0 @1"/>' +
  '<v:f eqn="sum 0 0 @2"/><v:f eqn="sum 21600 0 @3"/><v:f eqn="if @0 @3 0"/><v:f eqn="if @0 21600 @1"/>' +
  '<v:f eqn="if @0 0 @2"/><v:f eqn="if @0 @4 21600"/><v:f eqn="mid @5 @6"/><v:f eqn="mid @8 @5"/>' +
  '<v:f eqn="mid @7 @8"/><v:f eqn="mid @6 @7"/><v:f eqn="sum @6 0 @5"/></v:formulas>' +
  '<v:path textpathok="t" o:connecttype="custom" o:connectlocs="@9,0;@10,10800;@11,21600;@12,10800" o:connectangles="270,180,90,0"/>' +
  '<v:textpath on="t" fitshape="t"/><v:handles><v:h position="#0,bottomRight" xrange="6629,14971"/></v:handles>' +
  '<o:lock v:ext="edit" text="t" shapetype="t"/></v:shapetype>' +
  '<v:shape id="PowerPlusWaterMarkObject1" o:spid="_x0000_s2049" type="#_x0000_t136" ' +
  'style="position:absolute;margin-left:0;margin-top:0;width:470pt;height:150pt;rotation:315;z-index:-251657216;' +
  'mso-position-horizontal:center;mso-position-horizontal-relative:margin;' +
  'mso-position-vertical:center;mso-position-vertical-relative:margin" ' +
  'o:allowincell="f" fillcolor="#bfbfbf" stroked="f">' +
  '<v:fill opacity=".5"/>' +
  `<v:textpath style="font-family:&quot;Calibri&quot;;font-size:1pt" string="${WATERMARK_TEXT}"/>` +
  '<w10:wrap anchorx="margin" anchory="margin"/></v:shape></w:pict></w:r>';

const PART_NAMESPACES = `xmlns:w="${NS.w}" xmlns:r="${NS.r}" xmlns:v="${NS.v}" xmlns:o="${NS.o}" xmlns:w10="${NS.w10}"`;

function headerXml({ title, variant }: DemoDocxInput): string {
  const notice =
    variant === 'preview'
      ? `<w:p><w:pPr><w:pStyle w:val="Header"/><w:jc w:val="center"/></w:pPr>${WATERMARK_SHAPE}${textRun(
          PREVIEW_NOTICE,
          '<w:b/><w:color w:val="C00000"/>',
        )}</w:p>`
      : '';
  return `${XML_DECLARATION}<w:hdr ${PART_NAMESPACES}>${notice}<w:p><w:pPr><w:pStyle w:val="Header"/><w:jc w:val="right"/></w:pPr>${textRun(title)}</w:p></w:hdr>`;
}

function footerXml({ variant }: DemoDocxInput): string {
  const notice =
    variant === 'preview' ? textRun(`${PREVIEW_NOTICE} – `, '<w:b/><w:color w:val="C00000"/>') : '';
  return `${XML_DECLARATION}<w:ftr ${PART_NAMESPACES}><w:p><w:pPr><w:pStyle w:val="Footer"/><w:jc w:val="center"/></w:pPr>${notice}${textRun('Pagina ')}${fieldRuns('PAGE')}${textRun(' di ')}${fieldRuns('NUMPAGES')}</w:p></w:ftr>`;
}

/** A4 portrait (twentieths of a point), 2.5 cm margins, header and footer 1.25 cm from the edge. */
const SECTION_PROPERTIES =
  '<w:sectPr><w:headerReference w:type="default" r:id="rId3"/><w:footerReference w:type="default" r:id="rId4"/>' +
  '<w:pgSz w:w="11906" w:h="16838"/>' +
  '<w:pgMar w:top="1417" w:right="1417" w:bottom="1417" w:left="1417" w:header="709" w:footer="709" w:gutter="0"/>' +
  '<w:cols w:space="708"/><w:docGrid w:linePitch="360"/></w:sectPr>';

function documentXml(input: DemoDocxInput): string {
  const body = input.paragraphs.map(paragraphXml).join('');
  return `${XML_DECLARATION}<w:document ${PART_NAMESPACES}><w:body>${body}${SECTION_PROPERTIES}</w:body></w:document>`;
}

const FONT = 'Times New Roman';
const ITALIAN = '<w:lang w:val="it-IT" w:eastAsia="it-IT" w:bidi="ar-SA"/>';

const STYLES_XML =
  `${XML_DECLARATION}<w:styles xmlns:w="${NS.w}">` +
  '<w:docDefaults><w:rPrDefault><w:rPr>' +
  `<w:rFonts w:ascii="${FONT}" w:hAnsi="${FONT}" w:eastAsia="${FONT}" w:cs="${FONT}"/>` +
  `<w:sz w:val="22"/><w:szCs w:val="22"/>${ITALIAN}</w:rPr></w:rPrDefault>` +
  '<w:pPrDefault><w:pPr><w:spacing w:after="120" w:line="300" w:lineRule="auto"/></w:pPr></w:pPrDefault>' +
  '</w:docDefaults>' +
  '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/>' +
  '<w:pPr><w:jc w:val="both"/></w:pPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/>' +
  '<w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="0" w:after="360"/>' +
  '<w:jc w:val="center"/></w:pPr>' +
  '<w:rPr><w:b/><w:bCs/><w:caps/><w:sz w:val="30"/><w:szCs w:val="30"/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Subtitle"><w:name w:val="Subtitle"/><w:basedOn w:val="Normal"/>' +
  '<w:next w:val="Normal"/><w:qFormat/><w:pPr><w:spacing w:before="0" w:after="360"/><w:jc w:val="center"/></w:pPr>' +
  '<w:rPr><w:i/><w:iCs/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/>' +
  '<w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:keepLines/><w:spacing w:before="240" w:after="120"/>' +
  '<w:jc w:val="left"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:bCs/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Header"><w:name w:val="header"/><w:basedOn w:val="Normal"/>' +
  '<w:pPr><w:spacing w:after="0"/><w:jc w:val="left"/></w:pPr>' +
  '<w:rPr><w:color w:val="595959"/><w:sz w:val="18"/><w:szCs w:val="18"/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Footer"><w:name w:val="footer"/><w:basedOn w:val="Normal"/>' +
  '<w:pPr><w:spacing w:after="0"/><w:jc w:val="center"/></w:pPr>' +
  '<w:rPr><w:color w:val="595959"/><w:sz w:val="18"/><w:szCs w:val="18"/></w:rPr></w:style>' +
  '</w:styles>';

const SETTINGS_XML =
  `${XML_DECLARATION}<w:settings xmlns:w="${NS.w}">` +
  '<w:zoom w:percent="100"/><w:defaultTabStop w:val="708"/><w:hyphenationZone w:val="283"/>' +
  '<w:characterSpacingControl w:val="doNotCompress"/>' +
  '<w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat>' +
  '<w:themeFontLang w:val="it-IT"/><w:decimalSymbol w:val=","/><w:listSeparator w:val=";"/>' +
  '</w:settings>';

function contentTypesXml(): string {
  const override = (part: string, type: string) =>
    `<Override PartName="${part}" ContentType="${type}"/>`;
  return (
    `${XML_DECLARATION}<Types xmlns="${NS.contentTypes}">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    override('/word/document.xml', `${WORD_CONTENT_TYPE}.document.main+xml`) +
    override('/word/styles.xml', `${WORD_CONTENT_TYPE}.styles+xml`) +
    override('/word/settings.xml', `${WORD_CONTENT_TYPE}.settings+xml`) +
    override('/word/header1.xml', `${WORD_CONTENT_TYPE}.header+xml`) +
    override('/word/footer1.xml', `${WORD_CONTENT_TYPE}.footer+xml`) +
    override('/docProps/core.xml', 'application/vnd.openxmlformats-package.core-properties+xml') +
    override(
      '/docProps/app.xml',
      'application/vnd.openxmlformats-officedocument.extended-properties+xml',
    ) +
    '</Types>'
  );
}

function relationshipsXml(relations: [id: string, type: string, target: string][]): string {
  const items = relations
    .map(([id, type, target]) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`)
    .join('');
  return `${XML_DECLARATION}<Relationships xmlns="${NS.rels}">${items}</Relationships>`;
}

function corePropertiesXml({ title, variant }: DemoDocxInput): string {
  const shownTitle = variant === 'preview' ? `${title} (anteprima)` : title;
  return (
    `${XML_DECLARATION}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:title>${escapeText(shownTitle)}</dc:title><dc:creator>LexPath</dc:creator>` +
    '<cp:lastModifiedBy>LexPath</cp:lastModifiedBy><dc:language>it-IT</dc:language>' +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${FIXED_ISO_DATE}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${FIXED_ISO_DATE}</dcterms:modified>` +
    '</cp:coreProperties>'
  );
}

const APP_PROPERTIES_XML =
  `${XML_DECLARATION}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">` +
  '<Application>LexPath</Application><DocSecurity>0</DocSecurity></Properties>';

/** The .docx bytes of a demo master or preview. */
export function buildDemoDocx(input: DemoDocxInput): Buffer {
  const parts: [name: string, content: string][] = [
    ['[Content_Types].xml', contentTypesXml()],
    [
      '_rels/.rels',
      relationshipsXml([
        ['rId1', `${REL_TYPE}/officeDocument`, 'word/document.xml'],
        [
          'rId2',
          'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties',
          'docProps/core.xml',
        ],
        ['rId3', `${REL_TYPE}/extended-properties`, 'docProps/app.xml'],
      ]),
    ],
    ['docProps/core.xml', corePropertiesXml(input)],
    ['docProps/app.xml', APP_PROPERTIES_XML],
    ['word/document.xml', documentXml(input)],
    [
      'word/_rels/document.xml.rels',
      relationshipsXml([
        ['rId1', `${REL_TYPE}/styles`, 'styles.xml'],
        ['rId2', `${REL_TYPE}/settings`, 'settings.xml'],
        ['rId3', `${REL_TYPE}/header`, 'header1.xml'],
        ['rId4', `${REL_TYPE}/footer`, 'footer1.xml'],
      ]),
    ],
    ['word/styles.xml', STYLES_XML],
    ['word/settings.xml', SETTINGS_XML],
    ['word/header1.xml', headerXml(input)],
    ['word/footer1.xml', footerXml(input)],
  ];
  const zip = new PizZip();
  for (const [name, content] of parts) zip.file(name, content, { date: FIXED_ZIP_DATE });
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
