import PizZip from 'pizzip';
import { afterAll, describe, expect, it } from 'vitest';
import { requireTool } from '../test/tools.ts';
import { createPdfPool, type PdfPool } from './pdf-pool.ts';
import { extractDocumentText, renderDocx } from './render.ts';
import { renderChangesAt } from './render-changes.ts';
import { pdfText } from './test-pdf.ts';
import { buildWordDocx, HEADING, paragraph, run } from './test-word-docx.ts';

/*
 * A contract whose article 4 is conditional and whose later text cites article 5 through a
 * Word cross-reference: when article 4 drops, the citation must say 4 in the .docx (Word shows
 * the field's cached text until the fields are updated) as in the PDF.
 */

const bookmarked = (id: number, name: string, text: string) =>
  `<w:bookmarkStart w:id="${id}" w:name="${name}"/>${run(text)}<w:bookmarkEnd w:id="${id}"/>`;

/** A complex field as Word writes it: instruction and cached result in runs of their own. */
const field = (instruction: string, cached: string) => [
  '<w:r><w:fldChar w:fldCharType="begin"/></w:r>',
  `<w:r><w:instrText xml:space="preserve"> ${instruction} </w:instrText></w:r>`,
  '<w:r><w:fldChar w:fldCharType="separate"/></w:r>',
  run(cached),
  '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
];

const SETTINGS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:settings xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:zoom w:percent="100"/><w:defaultTabStop w:val="708"/><w:compat/><w:decimalSymbol w:val=","/></w:settings>';

function masterWithCrossReferences(): Buffer {
  const docx = buildWordDocx({
    body: [
      paragraph('Oggetto', HEADING),
      paragraph('Il presente contratto ha per oggetto la locazione.'),
      paragraph('Durata', HEADING),
      paragraph('Quattro anni.'),
      paragraph('Canone', HEADING),
      paragraph('Mille euro al mese.'),
      paragraph('{#deposito == "Sì"}'),
      paragraph('Deposito cauzionale', HEADING),
      paragraph('Tre mensilità.'),
      paragraph('{/}'),
      paragraph([bookmarked(1, '_Ref5', 'Recesso')], HEADING),
      paragraph('Il conduttore può recedere con sei mesi di preavviso.'),
      paragraph('Clausola penale', HEADING),
      paragraph([
        run("La penale non si applica al recesso esercitato ai sensi dell'"),
        ...field('REF _Ref5 \\r \\h', 'Art. 5'),
        run(" né al recesso di cui all'articolo "),
        ...field('REF _Ref5 \\n \\t \\h', '5'),
        run(', come da allegato n. '),
        ...field('SEQ Allegato \\* ARABIC', '1'),
        run('.'),
      ]),
    ].join(''),
  });
  const zip = new PizZip(docx);
  zip.file('word/settings.xml', SETTINGS);
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const QUESTIONS = [{ variable: 'deposito', options: ['Sì', 'No'] }];
/** The renderer of a document paid the day before cross-references were renumbered. */
const BEFORE_CROSS_REFERENCES = renderChangesAt(new Date('2026-11-26T12:00:00Z'));
const render = (deposito: 'Sì' | 'No', crossReferences?: boolean) =>
  renderDocx(
    masterWithCrossReferences(),
    { deposito },
    {
      questions: QUESTIONS,
      ...(crossReferences === false ? { changes: BEFORE_CROSS_REFERENCES } : {}),
    },
  );
const settingsOf = (docx: Buffer) => new PizZip(docx).file('word/settings.xml')?.asText() ?? '';
const citation = (text: string) => text.split('\n').find((line) => line.startsWith('La penale'));

describe('cross-references in the rendered .docx', () => {
  it('say the number the cited article has once a conditional article drops', () => {
    expect(citation(extractDocumentText(render('No')))).toBe(
      "La penale non si applica al recesso esercitato ai sensi dell'Art. 4 né al recesso di cui all'articolo 4, come da allegato n. 1.",
    );
    // Before, the cached 5 stayed.
    expect(citation(extractDocumentText(render('No', false)))).toContain("dell'Art. 5 né");
  });

  it('keep their number when every article stays', () => {
    expect(citation(extractDocumentText(render('Sì')))).toContain(
      "dell'Art. 5 né al recesso di cui all'articolo 5,",
    );
  });

  it('ask Word to update the fields on open, in the place the settings schema gives it', () => {
    const settings = settingsOf(render('No'));
    expect(settings).toContain(
      '<w:defaultTabStop w:val="708"/><w:updateFields w:val="true"/><w:compat/>',
    );
    expect(settingsOf(render('No', false))).not.toContain('updateFields');
  });

  it('leave a document without cross-references byte-identical', () => {
    const plain = buildWordDocx({ body: paragraph('{#deposito == "Sì"}Deposito.{/}') });
    const rendered = renderDocx(plain, { deposito: 'No' }, { questions: QUESTIONS });
    const before = renderDocx(
      plain,
      { deposito: 'No' },
      { questions: QUESTIONS, changes: BEFORE_CROSS_REFERENCES },
    );
    expect(rendered.equals(before)).toBe(true);
  });
});

const soffice = requireTool('soffice');

describe.skipIf(!soffice)('cross-references in the PDF', () => {
  let pool: PdfPool | undefined;
  afterAll(async () => {
    await pool?.close();
  });

  it('say the same number as the .docx', async () => {
    pool = createPdfPool({ size: 1 });
    const text = await pdfText(await pool.convertDocxToPdf(render('No')));
    // pdftotext puts a space where the field's run begins.
    expect(text.replace(/\s+/g, ' ')).toMatch(/ai sensi dell' ?Art\. 4 né/);
  }, 60_000);
});
