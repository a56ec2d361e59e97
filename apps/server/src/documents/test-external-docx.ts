import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import PizZip from 'pizzip';
import { buildDocx } from './test-docx.ts';

/**
 * Test documents that reach outside their package (issue 10, item 2) or carry Word review
 * comments (item 5), written the way Word writes them.
 */

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NAMESPACES = [
  `xmlns:w="${W_NS}"`,
  `xmlns:r="${R_NS}"`,
  'xmlns:v="urn:schemas-microsoft-com:vml"',
  'xmlns:o="urn:schemas-microsoft-com:office:office"',
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"',
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"',
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"',
].join(' ');

type Relationship = { id: string; type: string; target: string; external?: boolean };

function relationshipsXml(relationships: Relationship[]): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${REL_NS}">${relationships
    .map(
      (rel) =>
        `<Relationship Id="${rel.id}" Type="${RELATIONSHIP}/${rel.type}" Target="${rel.target}"${
          rel.external ? ' TargetMode="External"' : ''
        }/>`,
    )
    .join('')}</Relationships>`;
}

function documentXml(bodyXml: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${NAMESPACES}><w:body>${bodyXml}<w:sectPr/></w:body></w:document>`;
}

const text = (value: string) => `<w:p><w:r><w:t xml:space="preserve">${value}</w:t></w:r></w:p>`;

/** A DrawingML picture linked (not embedded) to `rId` — Word's "Insert picture > Link to file". */
function linkedDrawing(rId: string): string {
  return `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="1905000" cy="1905000"/><wp:docPr id="1" name="Immagine 1"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="img.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link="${rId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="1905000" cy="1905000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
}

/** The same picture in VML, as older Word versions and some converters write it. */
function vmlPicture(rId: string): string {
  return `<w:p><w:r><w:pict><v:shape id="img2" type="#_x0000_t75" style="width:150pt;height:150pt"><v:imagedata r:id="${rId}" o:title=""/></v:shape></w:pict></w:r></w:p>`;
}

function withDocument(bodyXml: string, relationships: Relationship[]): Buffer {
  const zip = new PizZip(buildDocx(['x']));
  zip.file('word/document.xml', documentXml(bodyXml));
  zip.file('word/_rels/document.xml.rels', relationshipsXml(relationships));
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A picture whose relationship points outside the package (`http://…` or `file:///…`). */
export function docxWithExternalImage(url: string): Buffer {
  return withDocument(
    `${text('Prima della figura')}${linkedDrawing('rId5')}${vmlPicture('rId6')}${text('Dopo la figura')}`,
    [
      { id: 'rId5', type: 'image', target: url, external: true },
      { id: 'rId6', type: 'image', target: url, external: true },
      { id: 'rId7', type: 'hyperlink', target: 'https://www.example.it/', external: true },
    ],
  );
}

/** INCLUDEPICTURE as a complex field (instruction split over runs) and as `w:fldSimple`. */
export function docxWithIncludePicture(url: string): Buffer {
  const [head, tail] = [url.slice(0, 10), url.slice(10)];
  return withDocument(
    `${text('Campo:')}<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> INCLUDE</w:instrText></w:r><w:r><w:instrText xml:space="preserve">PICTURE "${head}</w:instrText></w:r><w:r><w:instrText xml:space="preserve">${tail}" \\d </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>risultato del campo</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p><w:p><w:fldSimple w:instr=" INCLUDEPICTURE &quot;${url}?simple&quot; \\d "><w:r><w:t>campo semplice</w:t></w:r></w:fldSimple></w:p><w:p><w:fldSimple w:instr=" INCLUDETEXT &quot;${url}?text&quot; "><w:r><w:t>testo incluso</w:t></w:r></w:fldSimple></w:p>`,
    [],
  );
}

/** settings.xml attaching a template by URL, as Word writes its Normal.dotm path. */
export function docxWithAttachedTemplate(url: string): Buffer {
  const zip = new PizZip(buildDocx(['Documento con modello allegato']));
  zip.file(
    'word/settings.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:settings ${NAMESPACES}><w:attachedTemplate r:id="rId1"/><w:defaultTabStop w:val="708"/></w:settings>`,
  );
  zip.file(
    'word/_rels/settings.xml.rels',
    relationshipsXml([{ id: 'rId1', type: 'attachedTemplate', target: url, external: true }]),
  );
  zip.file(
    'word/_rels/document.xml.rels',
    relationshipsXml([{ id: 'rId1', type: 'settings', target: 'settings.xml' }]),
  );
  zip.file(
    '[Content_Types].xml',
    (zip.file('[Content_Types].xml')?.asText() ?? '').replace(
      '</Types>',
      '<Override PartName="/word/settings.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml"/></Types>',
    ),
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

export const COMMENT_TEXT = 'COMMENTO RISERVATO DELL EDITORE';

/** Review comments as Word writes them: ranges, a reference run, comments.xml and its kin. */
export function docxWithComments(paragraphs = ['Clausola commentata']): Buffer {
  const zip = new PizZip(buildDocx(['x']));
  const body = paragraphs
    .map(
      (paragraph, index) =>
        `<w:p><w:commentRangeStart w:id="${index}"/><w:r><w:t xml:space="preserve">${paragraph}</w:t></w:r><w:commentRangeEnd w:id="${index}"/><w:r><w:rPr><w:rStyle w:val="Rimandocommento"/></w:rPr><w:commentReference w:id="${index}"/></w:r></w:p>`,
    )
    .join('');
  zip.file('word/document.xml', documentXml(body));
  zip.file(
    'word/comments.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:comments ${NAMESPACES}>${paragraphs
      .map(
        (_, index) =>
          `<w:comment w:id="${index}" w:author="Avv. Rossi" w:date="2024-03-01T10:00:00Z" w:initials="AR"><w:p><w:r><w:annotationRef/></w:r><w:r><w:t>${COMMENT_TEXT} ${index}</w:t></w:r></w:p></w:comment>`,
      )
      .join('')}</w:comments>`,
  );
  zip.file(
    'word/commentsExtended.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w15:commentsEx xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml"/>',
  );
  zip.file(
    'word/_rels/document.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${REL_NS}"><Relationship Id="rId8" Type="${RELATIONSHIP}/comments" Target="comments.xml"/><Relationship Id="rId9" Type="http://schemas.microsoft.com/office/2011/relationships/commentsExtended" Target="commentsExtended.xml"/></Relationships>`,
  );
  zip.file(
    '[Content_Types].xml',
    (zip.file('[Content_Types].xml')?.asText() ?? '').replace(
      '</Types>',
      '<Override PartName="/word/comments.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml"/><Override PartName="/word/commentsExtended.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.commentsExtended+xml"/></Types>',
    ),
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A valid PNG of `size`×`size` red pixels, to serve or to leave on disk. */
export function redPng(size = 64): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([255, 0, 0]))]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A loopback HTTP server serving a picture and counting every request: a document converted
 * here must never make it see one.
 */
export async function startLinkTarget() {
  const requests: string[] = [];
  const png = redPng();
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    response.setHeader('content-type', 'image/png');
    response.end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The same picture on disk, for `file:///` links: its content must never reach the PDF.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lexpath-link-'));
  const file = path.join(dir, 'riservato.png');
  await writeFile(file, png);
  const documents: [string, Buffer][] = [
    ['image by URL', docxWithExternalImage(`${base}/immagine.png`)],
    ['image by local path', docxWithExternalImage(pathToFileURL(file).href)],
    ['INCLUDEPICTURE', docxWithIncludePicture(`${base}/campo.png`)],
    ['attached template', docxWithAttachedTemplate(`${base}/Normal.dotm`)],
  ];
  return {
    requests,
    documents,
    close: async () => {
      server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
