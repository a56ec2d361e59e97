import { it as messages, type QuestionRules } from '@lexpath/shared';
import { describe, expect, it } from 'vitest';
import { type Blank, findBlanks } from './blank-finder.ts';
import { lintTemplate } from './lint.ts';
import { buildDocx } from './test-docx.ts';
import { buildWordDocx, paragraph, run } from './test-word-docx.ts';

const blanks = messages.documents.blanks;
const MASTER = messages.documents.lintPlace(
  [messages.documents.fileNames.master],
  messages.documents.lintParts.body,
);

/** The blanks of a body made of these paragraphs, as `[kind, text]`. */
function found(...body: string[]): [Blank['kind'], string][] {
  return findBlanks(buildWordDocx({ body: body.join('') })).map((blank) => [
    blank.kind,
    blank.text,
  ]);
}

/** A run in a symbol font, as Word writes an inserted symbol. */
const symbol = (font: string, char: string) =>
  `<w:r><w:sym w:font="${font}" w:char="${char}"/></w:r>`;

/** A legacy form field: begin, its code, and (for text fields) the shown result. */
function formField(code: string, result = ''): string {
  return [
    '<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:enabled/></w:ffData></w:fldChar></w:r>',
    `<w:r><w:instrText xml:space="preserve"> ${code} </w:instrText></w:r>`,
    ...(result ? ['<w:r><w:fldChar w:fldCharType="separate"/></w:r>', run(result)] : []),
    '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
  ].join('');
}

/** A table of one row of `cells` cells `width` twips wide, the first holding `label`. */
function boxTable(label: string, cells: number, width: number): string {
  const cell = (text: string) =>
    `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/></w:tcPr>${paragraph(text ? [run(text)] : [])}</w:tc>`;
  const row = [label, ...Array.from({ length: cells }, () => '')].map(cell).join('');
  return `<w:tbl><w:tblPr/><w:tblGrid/><w:tr>${row}</w:tr></w:tbl>`;
}

describe('blank finder', () => {
  it('finds runs of four underscores or more, and a date blank as one', () => {
    expect(
      found(paragraph('Nato a ________ il ___/___/_____, codice ___ (tre non bastano)')),
    ).toEqual([
      ['underscores', '________'],
      ['underscores', '___/___/_____'],
    ]);
  });

  it('finds dotted blanks of four dots or ellipses, not a lone «…» or «...» in prose', () => {
    expect(
      found(
        paragraph('Residente in ............ via ……… n. ....'),
        paragraph('E poi… si vedrà... come sempre, presso la S.p.A. del 12/05.'),
      ),
    ).toEqual([
      ['dots', '............'],
      ['dots', '………'],
      ['dots', '....'],
    ]);
  });

  it('does not take a table of contents for blanks: its style, or dots up to a page number', () => {
    expect(
      found(
        paragraph('Premesse ........................ 3'),
        paragraph([run('Oggetto del contratto .............. 4')], '<w:pStyle w:val="Sommario1"/>'),
        paragraph('Art. 5 ..........'),
      ),
    ).toEqual([['dots', '..........']]);
  });

  it('finds bracket placeholders, not a citation mark «[1]»', () => {
    expect(
      found(
        paragraph(
          'Tra [Cliente] e [...], domiciliato in [ ], il &lt;&lt;nome&gt;&gt; e &lt;cognome&gt; [1]',
        ),
      ),
    ).toEqual([
      ['placeholder', '[Cliente]'],
      ['placeholder', '[...]'],
      ['placeholder', '[ ]'],
      ['placeholder', '<<nome>>'],
      ['placeholder', '<cognome>'],
    ]);
  });

  it('finds legacy form fields, not the text Word shows for them', () => {
    expect(
      found(
        paragraph([run('Cognome '), formField('FORMTEXT', '_____')]),
        paragraph([formField('FORMCHECKBOX'), run(' Immobile '), formField('FORMDROPDOWN', 'Via')]),
        paragraph([formField('PAGE', '3')]),
      ),
    ).toEqual([
      ['formField', 'FORMTEXT'],
      ['formField', 'FORMCHECKBOX'],
      ['formField', 'FORMDROPDOWN'],
    ]);
  });

  it('finds content controls showing their placeholder and checkbox controls, once each', () => {
    const placeholder = `<w:sdt><w:sdtPr><w:showingPlcHdr/><w:text/></w:sdtPr><w:sdtContent>${run('Fare clic qui per immettere testo.')}</w:sdtContent></w:sdt>`;
    const filled = `<w:sdt><w:sdtPr><w:text/></w:sdtPr><w:sdtContent>${run('Mario Rossi')}</w:sdtContent></w:sdt>`;
    const checkbox = `<w:sdt><w:sdtPr><w14:checkbox><w14:checked w14:val="0"/></w14:checkbox></w:sdtPr><w:sdtContent>${run('☐')}</w:sdtContent></w:sdt>`;
    expect(
      found(
        paragraph([run('Nome: '), placeholder, run(' '), filled]),
        paragraph([checkbox, run(' SI')]),
      ),
    ).toEqual([
      ['contentControl', 'Fare clic qui per immettere testo.'],
      ['checkbox', '☐'],
    ]);
  });

  it('finds box glyphs and Wingdings boxes, not a ticked box or a box printed by a tag', () => {
    expect(
      found(
        paragraph('☐ SI □ NO ❑ forse ☒ già scelto'),
        paragraph([
          symbol('Wingdings', 'F0A8'),
          run(' Marca da bollo '),
          symbol('Wingdings', 'F0FC'),
        ]),
        paragraph('{tipo | casella:"Immobile"} Immobile'),
      ),
    ).toEqual([
      ['checkbox', '☐'],
      ['checkbox', '□'],
      ['checkbox', '❑'],
      ['checkbox', '☐'],
    ]);
  });

  it('finds a row of one-character boxes and names it after its label', () => {
    const blanksFound = findBlanks(
      buildWordDocx({
        body: paragraph('Dati del richiedente') + boxTable('Codice fiscale', 16, 340),
      }),
    );
    expect(blanksFound.map((blank) => [blank.kind, blank.text, blank.paragraph])).toEqual([
      ['boxRow', '16 caselle', 'Codice fiscale'],
    ]);
    expect(findBlanks(buildWordDocx({ body: boxTable('Importo', 16, 2000) }))).toEqual([]);
  });

  it('finds gender alternatives, not «e/o», dates, company forms or «ecc..»', () => {
    expect(
      found(
        paragraph(
          'Il/La sottoscritto/a, nato/a a Roma, residente/domiciliato/a in Milano, lo/la assista',
        ),
        paragraph('..l.. sottoscritt.. chiede'),
        paragraph(
          'Il cliente e/o il suo legale, il 12/05/2024, per la Alfa S.p.A. (codice fiscale/P. IVA), accessi ecc..',
        ),
      ),
    ).toEqual([
      ['gender', 'Il/La'],
      ['gender', 'sottoscritto/a'],
      ['gender', 'nato/a'],
      ['gender', 'residente/domiciliato/a'],
      ['gender', 'lo/la'],
      ['gender', '..l..'],
      ['gender', '..'],
    ]);
  });

  it('never reads a blank inside a tag', () => {
    expect(
      found(
        paragraph('{#nome != "____"}Sig. {nome}{/} {x | oppure:"[…]"} {data | oppure:"........"}'),
      ),
    ).toEqual([]);
  });

  it('reads headers, footers and footnotes too, naming the part', () => {
    const docx = buildDocx(['Testo'], {
      header: ['Pratica n. ________'],
      footer: ['Firma ........'],
      footnote: ['Indicare [Cliente]'],
    });
    const parts = messages.documents.lintParts;
    expect(findBlanks(docx).map((blank) => [blank.part, blank.kind])).toEqual([
      [parts.footer, 'dots'],
      [parts.note, 'placeholder'],
      [parts.header, 'underscores'],
    ]);
  });
});

const QUESTIONS: QuestionRules[] = [
  {
    variable: 'nome_cliente',
    question: 'Nome del cliente?',
    options: ['Mario Rossi'],
    required_answers: [],
    is_multiple_selection: false,
  },
];

describe('lint of blanks left in the master', () => {
  it('warns once per paragraph, naming the part, listing its blanks and quoting it', () => {
    const master = buildWordDocx({
      body: [
        paragraph('Il/La sottoscritto/a {nome_cliente} nato a ________ il ....... [ ]'),
        paragraph('Clausola senza spazi da compilare.'),
        paragraph('Firma ____________'),
      ].join(''),
    });
    const { errors, warnings } = lintTemplate({ master, questions: QUESTIONS });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      blanks.inParagraph(
        MASTER,
        5,
        'maschile/femminile «Il/La», maschile/femminile «sottoscritto/a», linea «________», puntini «.......», segnaposto «[ ]»',
        'Il/La sottoscritto/a {nome_cliente} nato a ________ il ....... [ ]',
      ),
      blanks.inParagraph(MASTER, 1, 'linea «________…»', 'Firma ____________'),
    ]);
  });

  it('does not look for blanks in the preview, a picture of the document', () => {
    const { warnings } = lintTemplate({
      master: buildWordDocx({ body: paragraph('Cliente: {nome_cliente}') }),
      preview: buildWordDocx({ body: paragraph('Cliente: ____________') }),
      questions: QUESTIONS,
    });
    expect(warnings).toEqual([]);
  });
});
