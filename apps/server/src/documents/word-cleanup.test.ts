import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPdfPool, type PdfPool } from './pdf-pool.ts';
import { extractDocumentText, renderDocx } from './render.ts';
import { pdfText } from './test-pdf.ts';
import {
  BULLET,
  buildWordDocx,
  DELETED_TAG,
  HEADING,
  paragraph,
  REVIEW_NOTE,
  reviewedMaster,
  run,
  sectionProperties,
} from './test-word-docx.ts';
import type { TemplateQuestion } from './typed-answers.ts';

const choice = (variable: string, options: string[], multiple = false): TemplateQuestion => ({
  variable,
  options,
  is_multiple_selection: multiple,
});

function documentXml(docx: Buffer): string {
  return new PizZip(docx).file('word/document.xml')?.asText() ?? '';
}

/** Every part of the package as text, to search the whole output. */
function everyPart(docx: Buffer): string {
  const zip = new PizZip(docx);
  return Object.values(zip.files)
    .map((file) => `${file.name}\n${file.asText()}`)
    .join('\n');
}

/** The text of each paragraph that has numbering (`numId` 1: headings, 2: bullets). */
function numberedParagraphs(xml: string, numId: string): string[] {
  return [...xml.matchAll(/<w:p[\s>][\s\S]*?<\/w:p>/g)]
    .map(([p]) => p)
    .filter((p) => p.includes(`<w:numId w:val="${numId}"/>`))
    .map((p) => [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''));
}

describe('comments and tracked changes never reach the buyer', () => {
  const answers = { nome_cliente: 'Mario Rossi', importo: '1.000' };
  const questions = [choice('nome_cliente', ['Mario Rossi']), choice('importo', ['1.000'])];

  it('a generated document (and a rendered preview) has no comment, revision, reviewer or deleted tag', () => {
    const output = renderDocx(reviewedMaster(), answers, { questions });
    const zip = new PizZip(output);
    expect(Object.keys(zip.files).filter((name) => /comments/i.test(name))).toEqual([]);
    const all = everyPart(output);
    for (const left of [
      REVIEW_NOTE,
      'Avv. Bianchi',
      'comments',
      'commentRangeStart',
      'commentReference',
      '<w:ins ',
      '<w:del ',
      'delText',
      'moveFrom',
      'moveTo',
      'rPrChange',
      'pPrChange',
      DELETED_TAG,
      'Paragrafo cancellato',
    ]) {
      expect(all, left).not.toContain(left);
    }
    expect(extractDocumentText(output)).toBe(
      [
        'Il cliente Mario Rossi si obbliga a pagare 1.000 euro.',
        'Testo fermo.',
        'Clausola con formato cambiato.',
        'Frase spostata. Fine.',
      ].join('\n'),
    );
    // The accepted formatting stays; the justification is the new one.
    const xml = documentXml(output);
    expect(xml).toContain('<w:b/>');
    expect(xml).toContain('<w:jc w:val="both"/>');
    expect(xml).not.toContain('<w:jc w:val="left"/>');
  });
});

describe('paragraphs that only held section tags disappear', () => {
  const questions = [
    choice('penale', ['Sì', 'No']),
    choice('deposito', ['Sì', 'No']),
    choice('servizi', ['Pulizie', 'Giardino', 'Portineria'], true),
  ];
  const master = buildWordDocx({
    body: [
      paragraph('Oggetto', HEADING),
      paragraph('Il locatore concede in locazione l’immobile.'),
      // A condition opened inline at the start of a numbered heading, closed in its own paragraph.
      paragraph([run('{#penale == '), run('"Sì"}Penale', '00B4C5D6')], HEADING),
      paragraph('Il conduttore paga una penale per ogni giorno di ritardo.'),
      paragraph('{/}'),
      // Tag-only paragraphs with the trailing space Word users leave, the tag split in runs.
      paragraph([run('{#deposito == "Sì"} ')]),
      paragraph('Deposito', HEADING),
      paragraph('Il conduttore versa un deposito di tre mensilità.'),
      paragraph([run('{/'), run('} ', '00B4C5D6')]),
      paragraph('Servizi', HEADING),
      paragraph('{#servizi | contiene:"Pulizie"}Pulizia delle parti comuni{/}', BULLET),
      paragraph('{#servizi | contiene:"Giardino"}Cura del giardino{/} ', BULLET),
      paragraph(' {#servizi | contiene:"Portineria"}Portineria{/}', BULLET),
      paragraph('Foro competente', HEADING),
      paragraph('Foro di Milano.'),
    ].join(''),
  });

  it('leaves no empty numbered heading, bullet or paragraph when the conditions are false', () => {
    const output = renderDocx(
      master,
      { penale: 'No', deposito: 'No', servizi: ['Giardino'] },
      { questions },
    );
    const xml = documentXml(output);
    expect(numberedParagraphs(xml, '1')).toEqual(['Oggetto', 'Servizi', 'Foro competente']);
    expect(numberedParagraphs(xml, '2')).toEqual(['Cura del giardino ']);
    expect(extractDocumentText(output).split('\n')).toEqual([
      'Oggetto',
      'Il locatore concede in locazione l’immobile.',
      'Servizi',
      'Cura del giardino ',
      'Foro competente',
      'Foro di Milano.',
    ]);
    expect(xml).not.toContain('lexpath');
  });

  it('keeps the headings, bullets and clauses when the conditions hold, without tag paragraphs', () => {
    const output = renderDocx(
      master,
      { penale: 'Sì', deposito: 'Sì', servizi: ['Pulizie', 'Portineria'] },
      { questions },
    );
    const xml = documentXml(output);
    expect(numberedParagraphs(xml, '1')).toEqual([
      'Oggetto',
      'Penale',
      'Deposito',
      'Servizi',
      'Foro competente',
    ]);
    expect(numberedParagraphs(xml, '2')).toEqual(['Pulizia delle parti comuni', ' Portineria']);
    expect(extractDocumentText(output).split('\n')).not.toContain('');
    expect(
      extractDocumentText(output)
        .split('\n')
        .map((line) => line.trim()),
    ).not.toContain('');
  });
});

describe('a table cell emptied by its condition', () => {
  it('keeps one empty paragraph in the cell, as Word requires, and drops the others', () => {
    const cell = (content: string) =>
      `<w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${content}</w:tc>`;
    const master = buildWordDocx({
      body: `<w:tbl><w:tblPr><w:tblW w:w="8000" w:type="dxa"/></w:tblPr><w:tblGrid><w:gridCol w:w="4000"/><w:gridCol w:w="4000"/></w:tblGrid><w:tr>${cell(
        paragraph('{#penale == "Sì"}Penale{/}', BULLET),
      )}${cell(
        paragraph('Sempre') + paragraph('{#penale == "Sì"}Penale{/}', BULLET),
      )}</w:tr></w:tbl>${paragraph('Fine.')}`,
    });
    const xml = documentXml(
      renderDocx(master, { penale: 'No' }, { questions: [choice('penale', ['Sì', 'No'])] }),
    );
    const cells = [...xml.matchAll(/<w:tc>([\s\S]*?)<\/w:tc>/g)].map((match) => match[1] ?? '');
    expect(cells[0]).toMatch(/<\/w:tcPr><w:p\/>$/);
    expect(cells[1]).not.toContain('numPr');
    expect(cells[1]).toContain('Sempre');
    expect(xml).not.toContain('lexpath');
  });
});

/** Two sections: the contract with its header, then an annex with another one. */
function twoSectionMaster(closing: string): Buffer {
  return buildWordDocx({
    body: [
      paragraph('Premesse del contratto.'),
      paragraph('{#riservatezza == "Sì"}'),
      paragraph('Le parti mantengono riservate le informazioni ricevute.'),
      // The closing tag in the paragraph that carries the first section's break.
      `<w:p w:rsidR="00A1B2C3"><w:pPr>${sectionProperties('rIdH1')}</w:pPr>${closing}</w:p>`,
      paragraph('Allegato A: planimetria.'),
    ].join(''),
    finalSection: sectionProperties('rIdH2').replace('<w:type w:val="nextPage"/>', ''),
    headers: {
      rIdH1: paragraph('Intestazione del contratto'),
      rIdH2: paragraph('Intestazione dell’allegato'),
    },
  });
}

describe('a section break survives the removal of its paragraph', () => {
  const questions = [choice('riservatezza', ['Sì', 'No'])];
  let pool: PdfPool;

  beforeAll(async () => {
    pool = createPdfPool({ size: 1 });
    await pool.warmUp();
  }, 60_000);

  afterAll(async () => {
    await pool?.close();
  });

  for (const closing of [run('{/}'), `${run('{/')}${run('} ', '00B4C5D6')}`]) {
    for (const answer of ['Sì', 'No']) {
      it(`keeps two sections with their headers, on two pages (${answer}, ${closing.includes('} ') ? 'split tag and trailing space' : 'tag alone'})`, async () => {
        const output = renderDocx(
          twoSectionMaster(closing),
          { riservatezza: answer },
          { questions },
        );
        const xml = documentXml(output);
        expect(xml.match(/<w:sectPr\b/g)).toHaveLength(2);
        expect(xml).toContain('r:id="rIdH1"');
        expect(xml).toContain('r:id="rIdH2"');
        expect(xml.indexOf('rIdH1')).toBeLessThan(xml.indexOf('Allegato A'));
        const lines = extractDocumentText(output).split('\n');
        expect(lines.some((line) => line.includes('riservate'))).toBe(answer === 'Sì');
        // Only the paragraph now carrying the first section's break is empty.
        expect(lines.filter((line) => line.trim() === '')).toEqual(['']);

        const pages = (await pdfText(await pool.convertDocxToPdf(output))).split('\n');
        expect(pages).toHaveLength(2);
        expect(pages[0]).toContain('Intestazione del contratto');
        expect(pages[0]).toContain('Premesse del contratto.');
        expect(pages[1]).toContain('Intestazione dell’allegato');
        expect(pages[1]).toContain('Allegato A: planimetria.');
      }, 60_000);
    }
  }
});
