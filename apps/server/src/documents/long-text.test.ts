import PizZip from 'pizzip';
import { afterAll, describe, expect, it } from 'vitest';
import { requireTool } from '../test/tools.ts';
import { createPdfPool, type PdfPool } from './pdf-pool.ts';
import { extractDocumentText, renderDocx } from './render.ts';
import { renderChangesAt } from './render-changes.ts';
import { pdfText } from './test-pdf.ts';
import { BULLET, buildWordDocx, paragraph, run, sectionProperties } from './test-word-docx.ts';
import type { TemplateQuestion } from './typed-answers.ts';

const QUESTIONS: TemplateQuestion[] = [{ variable: 'descrizione', type: 'testo_lungo' }];
const STYLE = '<w:pStyle w:val="Paragrafoelenco"/><w:jc w:val="both"/>';
const ANSWER =
  'L’immobile è composto da tre vani.\nCantina al piano interrato.\n\n\nIl box auto è escluso.';

const xmlOf = (docx: Buffer, part = 'word/document.xml') =>
  new PizZip(docx).file(part)?.asText() ?? '';
const paragraphsOf = (xml: string) => xml.match(/<w:p[\s>][\s\S]*?<\/w:p>/g) ?? [];

function render(body: string, options: { changes?: ReturnType<typeof renderChangesAt> } = {}) {
  return renderDocx(
    buildWordDocx({ body }),
    { descrizione: ANSWER },
    { questions: QUESTIONS, ...options },
  );
}

describe('a long answer with blank lines', () => {
  it('fills one paragraph per block, each in the style of the tag’s paragraph', () => {
    const docx = render(
      paragraph([run('Descrizione: '), run('{descrizione}'), run(' (fine)')], STYLE),
    );
    const paragraphs = paragraphsOf(xmlOf(docx));
    expect(paragraphs).toHaveLength(2);
    for (const written of paragraphs) {
      expect(written).toContain(`<w:pPr>${STYLE}</w:pPr>`);
      // The run's own formatting goes on with the text.
      expect(written).toContain('<w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/>');
    }
    // Word identifies a paragraph by its id: only the first keeps it.
    expect(paragraphs.filter((p) => p.includes('w14:paraId'))).toHaveLength(1);
    expect(extractDocumentText(docx).split('\n')).toEqual([
      'Descrizione: L’immobile è composto da tre vani.',
      // A single newline stays a line break inside the paragraph.
      'Cantina al piano interrato.',
      'Il box auto è escluso. (fine)',
    ]);
    expect(paragraphs[0]).toContain('<w:br/>');
    expect(paragraphs[1]).not.toContain('<w:br/>');
  });

  it('numbers only the first paragraph of a numbered item', () => {
    const docx = render(paragraph('{descrizione}', BULLET));
    const [first, second] = paragraphsOf(xmlOf(docx));
    expect(first).toContain('<w:numId w:val="2"/>');
    expect(second).toContain('<w:pStyle w:val="Paragrafoelenco"/>');
    // Indented as the item's text (the bullet level's 720 twips), under no number.
    expect(second).toContain(
      '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="0"/></w:numPr><w:ind w:left="720"/>',
    );
  });

  it('splits inside a table cell and in a header too', () => {
    const cell = `<w:tbl><w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid><w:tr><w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${paragraph('{descrizione}', STYLE)}</w:tc></w:tr></w:tbl>`;
    const master = buildWordDocx({
      body: `${cell}${paragraph('Fine.')}`,
      finalSection: sectionProperties('rIdH1'),
      headers: { rIdH1: paragraph('Oggetto: {descrizione}') },
    });
    const docx = renderDocx(master, { descrizione: ANSWER }, { questions: QUESTIONS });
    const cellXml = /<w:tc>[\s\S]*<\/w:tc>/.exec(xmlOf(docx))?.[0] ?? '';
    expect(paragraphsOf(cellXml)).toHaveLength(2);
    const header = xmlOf(docx, 'word/header-rIdH1.xml');
    expect(paragraphsOf(header)).toHaveLength(2);
    expect(header).toContain('Il box auto è escluso.');
    expect(header).not.toContain('\ue000');
  });

  it('keeps the line breaks of a document paid before paragraphs were split', () => {
    const docx = render(paragraph('{descrizione}', STYLE), {
      changes: renderChangesAt(new Date('2026-11-27T09:00:00Z')),
    });
    const paragraphs = paragraphsOf(xmlOf(docx));
    expect(paragraphs).toHaveLength(1);
    expect(paragraphs[0]?.match(/<w:br\/>/g)).toHaveLength(4);
  });
});

const soffice = requireTool('soffice');

describe.skipIf(!soffice)('a long answer with blank lines in the PDF', () => {
  let pool: PdfPool | undefined;
  afterAll(async () => {
    await pool?.close();
  });

  it('shows both paragraphs', async () => {
    pool = createPdfPool({ size: 1 });
    const pdf = await pdfText(
      await pool.convertDocxToPdf(render(paragraph('{descrizione}', STYLE))),
    );
    // pdf.js gives the justified line's words as separate items.
    const text = pdf.replace(/\s+/g, ' ');
    expect(text).toContain('L’immobile è composto da tre vani.');
    expect(text).toContain('Il box auto è escluso.');
  });
});
