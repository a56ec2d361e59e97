import { it as messages } from '@lexpath/shared';
import type { TBlankChoice, TBlankProposal } from '@lexpath/shared/schemas/blank-conversion';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.ts';
import { convertBlanks } from './blank-conversion.ts';
import { findBlanks } from './blank-finder.ts';
import { inspectBlanks } from './blank-proposals.ts';
import { lintTemplate } from './lint.ts';
import { extractDocumentText, renderDocx } from './render.ts';
import { buildDocx } from './test-docx.ts';
import { buildWordDocx, paragraph, run } from './test-word-docx.ts';
import type { TemplateAnswers } from './typed-answers.ts';

const BOLD = '<w:rPr><w:b/><w:u w:val="single"/></w:rPr>';
const formatted = (text: string, properties = BOLD) =>
  `<w:r>${properties}<w:t xml:space="preserve">${text}</w:t></w:r>`;

/** A legacy form field: begin (with its form data), its code, and the shown result. */
function formField(code: string, result = '', data = '<w:enabled/>'): string {
  return [
    `<w:r><w:fldChar w:fldCharType="begin"><w:ffData>${data}</w:ffData></w:fldChar></w:r>`,
    `<w:r><w:instrText xml:space="preserve"> ${code} </w:instrText></w:r>`,
    ...(result
      ? [
          '<w:r><w:fldChar w:fldCharType="separate"/></w:r>',
          formatted(result, '<w:rPr><w:i/></w:rPr>'),
        ]
      : []),
    '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
  ].join('');
}

const docx = (...body: string[]) => buildWordDocx({ body: body.join('') });
const body = (bytes: Buffer) => new PizZip(bytes).file('word/document.xml')?.asText() ?? '';

/** Each blank of the document with the proposal the test gives it, in order. */
function convert(bytes: Buffer, proposals: (TBlankProposal | 'skip')[]) {
  const blanks = findBlanks(bytes);
  expect(blanks).toHaveLength(proposals.length);
  const choices = blanks.map(
    (blank, index): TBlankChoice =>
      proposals[index] === 'skip'
        ? { id: blank.id, skip: true }
        : { id: blank.id, proposal: proposals[index] as TBlankProposal },
  );
  return convertBlanks(bytes, choices);
}

function renderText(converted: ReturnType<typeof convertBlanks>, answers: TemplateAnswers) {
  return extractDocumentText(
    renderDocx(converted.master, answers, { questions: converted.questions }),
  );
}

const text = (variable: string, question = 'Domanda'): TBlankProposal => ({
  variable,
  question,
  type: 'testo',
});

describe('convertBlanks: text blanks', () => {
  it('writes the tag in the run of the blank, bold and underlined, around the rest of the text', () => {
    const bytes = docx(
      paragraph([run('Il signor '), formatted('__________'), run(' abita a '), run('……')]),
    );
    const converted = convert(bytes, [text('nome', 'Nome'), text('citta', 'Città')]);
    const xml = body(converted.master);
    expect(xml).toContain(`${BOLD}<w:t xml:space="preserve">{nome}</w:t>`);
    expect(findBlanks(converted.master)).toEqual([]);
    const rendered = renderDocx(converted.master, { nome: 'Mario Rossi', citta: 'Roma' });
    expect(extractDocumentText(rendered)).toBe('Il signor Mario Rossi abita a Roma');
    // The answer is in the bold, underlined run.
    expect(body(rendered)).toMatch(
      /<w:rPr><w:b\/><w:u w:val="single"\/><\/w:rPr><w:t xml:space="preserve">Mario Rossi<\/w:t>/,
    );
  });

  it('puts a blank Word split over several runs in the first run, removing the rest from the others', () => {
    const bytes = docx(
      paragraph([run('Nato a '), formatted('___'), run('____'), run('__ il giorno')]),
    );
    const [blank] = findBlanks(bytes);
    expect(blank?.text).toBe('_________');
    const converted = convert(bytes, [text('luogo_nascita', 'Luogo di nascita')]);
    expect(body(converted.master)).toContain(
      `${BOLD}<w:t xml:space="preserve">{luogo_nascita}</w:t>`,
    );
    expect(renderText(converted, { luogo_nascita: 'Bari' })).toBe('Nato a Bari il giorno');
  });

  it('writes dates and amounts with their filters and asks typed questions, once per variable', () => {
    const bytes = docx(
      paragraph('Il [Cliente] versa € ________ entro il ___/___/_____.'),
      paragraph('Firma del [Cliente]: ……………'),
    );
    const converted = convert(bytes, [
      text('cliente', 'Nome del cliente'),
      { variable: 'importo', question: 'Importo', type: 'importo' },
      { variable: 'scadenza', question: 'Scadenza', type: 'data' },
      text('cliente', 'Nome del cliente'),
      'skip',
    ]);
    expect(extractDocumentText(converted.master)).toBe(
      'Il {cliente} versa € {importo | importo} entro il {scadenza | data}.\nFirma del {cliente}: ……………',
    );
    expect(converted.skipped).toEqual(['word/document.xml#1.1']);
    expect(converted.questions).toEqual([
      { variable: 'cliente', question: 'Nome del cliente', type: 'testo', required_answers: [] },
      { variable: 'importo', question: 'Importo', type: 'importo', required_answers: [] },
      { variable: 'scadenza', question: 'Scadenza', type: 'data', required_answers: [] },
    ]);
    expect(
      lintTemplate({ master: converted.master, questions: converted.questions }).errors,
    ).toEqual([]);
    expect(
      renderText(converted, {
        cliente: 'Anna Bianchi',
        importo: '1200.50',
        scadenza: '2026-12-31',
      }),
    ).toBe('Il Anna Bianchi versa € 1.200,50 entro il 31/12/2026.\nFirma del Anna Bianchi: ……………');
  });

  it('gives the answer room where the line touches the words around it', () => {
    const converted = convert(docx(paragraph('residente in……via____(cap____) n.____')), [
      text('comune'),
      text('via'),
      text('cap'),
      text('civico'),
    ]);
    expect(extractDocumentText(converted.master)).toBe(
      'residente in {comune} via {via} (cap {cap}) n. {civico}',
    );
  });

  it('converts a header’s and a footer’s blanks in their parts, the body untouched', () => {
    const bytes = buildDocx(['Corpo senza spazi'], {
      header: ['Pratica n. ________'],
      footer: ['Firma ........'],
    });
    const converted = convert(bytes, [text('firma', 'Firmatario'), text('pratica', 'Pratica')]);
    const zip = new PizZip(converted.master);
    const original = new PizZip(bytes);
    expect(zip.file('word/header1.xml')?.asText()).toContain('Pratica n. {pratica}');
    expect(zip.file('word/footer1.xml')?.asText()).toContain('Firma {firma}');
    expect(zip.file('word/document.xml')?.asText()).toBe(
      original.file('word/document.xml')?.asText(),
    );
    expect(converted.questions.map((question) => question.variable)).toEqual(['firma', 'pratica']);
  });

  it('leaves the blanks without a choice as they were, listed in skipped, the file unchanged', () => {
    const bytes = docx(paragraph('Nome ________ cognome ________'));
    const converted = convertBlanks(bytes, []);
    expect(converted.skipped).toEqual(['word/document.xml#0.0', 'word/document.xml#0.1']);
    expect(converted.master.equals(bytes)).toBe(true);
    expect(converted.questions).toEqual([]);
  });

  it('asks the small types with their own checks', () => {
    const converted = convert(docx(paragraph('CAP ______ telefono ________')), [
      { variable: 'cap', question: 'CAP', type: 'cap' },
      { variable: 'telefono', question: 'Telefono', type: 'telefono' },
    ]);
    expect(converted.questions.map((question) => question.type)).toEqual(['cap', 'telefono']);
  });
});

describe('convertBlanks: gender forms', () => {
  it('makes «Il/La sottoscritto/a nato/a» agree with a party elenco holding a genere field', () => {
    const party: TBlankProposal = {
      variable: 'richiedente',
      question: 'Richiedente',
      type: 'elenco',
    };
    const converted = convert(docx(paragraph('Il/La sottoscritto/a, nato/a a ________')), [
      party,
      party,
      party,
      text('luogo', 'Luogo di nascita'),
    ]);
    expect(extractDocumentText(converted.master)).toBe(
      '{richiedente | accorda:"Il sottoscritto"}, {richiedente | accorda:"nato"} a {luogo}',
    );
    expect(converted.questions[0]).toMatchObject({
      variable: 'richiedente',
      type: 'elenco',
      fields: [
        {
          variable: 'genere',
          question: messages.blankConversion.genderQuestion,
          type: 'scelta',
          options: ['maschile', 'femminile'],
        },
      ],
    });
    expect(
      lintTemplate({ master: converted.master, questions: converted.questions }).errors,
    ).toEqual([]);
    expect(renderText(converted, { richiedente: [{ genere: 'femminile' }], luogo: 'Lecce' })).toBe(
      'La sottoscritta, nata a Lecce',
    );
    expect(findBlanks(converted.master)).toEqual([]);
  });

  it('keeps the form’s capital of a gender form in mid-line: «CF ____ Nato/a il» prints «Nati il»', () => {
    const party: TBlankProposal = {
      variable: 'debitori',
      question: 'Debitori',
      type: 'elenco',
      phrase: 'nato',
    };
    const converted = convert(docx(paragraph('CF ________ Nato/a il')), [
      text('codice', 'Codice fiscale'),
      party,
    ]);
    expect(
      renderText(converted, {
        codice: 'X',
        debitori: [{ genere: 'femminile' }, { genere: 'maschile' }],
      }),
    ).toBe('CF X Nati il');
  });

  it('reads «..l.. sottoscritt..» with its stem', () => {
    const party: TBlankProposal = { variable: 'parte', question: 'Parte', type: 'elenco' };
    const converted = convert(docx(paragraph('..l.. sottoscritt.. dichiara')), [party, party]);
    expect(renderText(converted, { parte: [{ genere: 'femminile' }] })).toBe(
      'La sottoscritta dichiara',
    );
  });
});

describe('convertBlanks: boxes', () => {
  it('ticks the glyph boxes of a group with casella, one choice question with every option', () => {
    const converted = convert(
      docx(paragraph([run('☐ Locazione '), formatted('☐'), run(' Vendita')])),
      [
        {
          variable: 'contratto',
          question: 'Tipo di contratto',
          type: 'scelta',
          option: 'Locazione',
        },
        { variable: 'contratto', question: 'Tipo di contratto', type: 'scelta', option: 'Vendita' },
      ],
    );
    expect(converted.questions).toEqual([
      {
        variable: 'contratto',
        question: 'Tipo di contratto',
        type: 'scelta',
        options: ['Locazione', 'Vendita'],
        is_multiple_selection: false,
        required_answers: [],
      },
    ]);
    expect(body(converted.master)).toContain(
      `${BOLD}<w:t xml:space="preserve">{contratto | casella:"Vendita"}</w:t>`,
    );
    expect(renderText(converted, { contratto: 'Vendita' })).toBe('☐ Locazione ☒ Vendita');
  });

  it('writes a Wingdings box’s tag in a run of its own, out of the symbol font', () => {
    const wingdings = '<w:rPr><w:rFonts w:ascii="Wingdings" w:hAnsi="Wingdings"/></w:rPr>';
    const converted = convert(
      docx(
        paragraph([formatted('o', wingdings), run(' Sì')]),
        paragraph(['<w:r><w:sym w:font="Wingdings" w:char="F0A8"/></w:r>', run(' Anche')]),
      ),
      [
        { variable: 'consenso', question: 'Consenso', type: 'scelta' },
        { variable: 'anche', question: 'Anche', type: 'scelta' },
      ],
    );
    const xml = body(converted.master);
    expect(xml).toContain(
      '<w:r><w:rPr></w:rPr><w:t xml:space="preserve">{consenso | casella}</w:t></w:r>',
    );
    expect(xml).not.toContain('w:char="F0A8"');
    expect(converted.questions[0]).toMatchObject({ options: ['Sì', 'No'] });
    expect(renderText(converted, { consenso: 'Sì', anche: 'No' })).toBe('☒ Sì\n☐ Anche');
  });

  it('keeps a checkbox content control and a FORMCHECKBOX field, saying which answer ticks them', () => {
    const control = `<w:sdt><w:sdtPr><w:id w:val="1"/><w14:checkbox><w14:checked w14:val="0"/></w14:checkbox></w:sdtPr><w:sdtContent>${run('☐')}</w:sdtContent></w:sdt>`;
    const converted = convert(
      docx(
        paragraph([
          control,
          run(' Immobile '),
          formField('FORMCHECKBOX', '', '<w:checkBox><w:default w:val="0"/></w:checkBox>'),
          run(' Mobile'),
        ]),
      ),
      [
        { variable: 'bene', question: 'Bene', type: 'scelta', option: 'Immobile' },
        { variable: 'bene', question: 'Bene', type: 'scelta', option: 'Mobile' },
      ],
    );
    const xml = body(converted.master);
    expect(xml).toContain(
      '<w:sdtPr><w:tag w:val="casella: bene == &quot;Immobile&quot;"/><w:id w:val="1"/><w14:checkbox>',
    );
    expect(xml).toContain(
      '<w:ffData><w:checkBox><w:default w:val="0"/></w:checkBox><w:statusText w:val="casella: bene == &quot;Mobile&quot;"/></w:ffData>',
    );
    expect(xml).toContain('FORMCHECKBOX');
    expect(findBlanks(converted.master)).toEqual([]);
    expect(
      lintTemplate({ master: converted.master, questions: converted.questions }).errors,
    ).toEqual([]);
  });

  it('asks a box alone, even one with an option, as a yes or a no', () => {
    const converted = convert(docx(paragraph('☐ Rinuncia all’eredità')), [
      { variable: 'rinuncia', question: 'Rinuncia?', type: 'scelta', option: 'Rinuncia' },
    ]);
    expect(converted.questions[0]).toMatchObject({ type: 'scelta', options: ['Sì', 'No'] });
    expect(renderText(converted, { rinuncia: 'Sì' })).toBe('☒ Rinuncia all’eredità');
  });

  it('gives a FORMCHECKBOX written without form data the data that binds it', () => {
    const field = [
      '<w:r><w:fldChar w:fldCharType="begin"/></w:r>',
      '<w:r><w:instrText xml:space="preserve"> FORMCHECKBOX </w:instrText></w:r>',
      '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
    ].join('');
    const converted = convert(docx(paragraph([field, run(' Urgente')])), [
      { variable: 'urgente', question: 'Urgente?', type: 'scelta' },
    ]);
    expect(body(converted.master)).toContain(
      '<w:fldChar w:fldCharType="begin"><w:ffData><w:checkBox><w:sizeAuto/><w:default w:val="0"/></w:checkBox><w:statusText w:val="casella: urgente"/></w:ffData></w:fldChar>',
    );
    expect(findBlanks(converted.master)).toEqual([]);
  });

  it('writes one character of the answer in each box of a row', () => {
    const cell = (content: string) =>
      `<w:tc><w:tcPr><w:tcW w:w="400" w:type="dxa"/></w:tcPr>${content}</w:tc>`;
    const boxes = Array.from({ length: 16 }, (_, n) =>
      cell(n % 2 ? '<w:p/>' : paragraph([], '<w:rPr><w:b/></w:rPr>')),
    );
    const converted = convert(
      docx(
        paragraph('Codice fiscale'),
        `<w:tbl><w:tblPr/><w:tblGrid/><w:tr>${boxes.join('')}</w:tr></w:tbl>`,
      ),
      [{ variable: 'codice_fiscale', question: 'Codice fiscale', type: 'codice_fiscale' }],
    );
    const xml = body(converted.master);
    expect(xml).toContain(
      '<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">{codice_fiscale | carattere:1}</w:t></w:r>',
    );
    expect(xml).toContain('{codice_fiscale | carattere:16}');
    expect(renderText(converted, { codice_fiscale: 'RSSMRA80A01H501U' })).toBe(
      `Codice fiscale\n${[...'RSSMRA80A01H501U'].join('\n')}`,
    );
  });
});

describe('convertBlanks: Word fields and controls', () => {
  it('turns a FORMTEXT field into its tag as text, in the result’s formatting', () => {
    const converted = convert(
      docx(paragraph([run('Comune di '), formField('FORMTEXT', '     ')])),
      [text('comune', 'Comune')],
    );
    const xml = body(converted.master);
    expect(xml).not.toContain('FORMTEXT');
    expect(xml).not.toContain('fldChar');
    expect(xml).toContain(
      '<w:r><w:rPr><w:i/></w:rPr><w:t xml:space="preserve">{comune}</w:t></w:r>',
    );
    expect(renderText(converted, { comune: 'Matera' })).toBe('Comune di Matera');
  });

  it('replaces a content control’s placeholder with the tag, the control kept', () => {
    const placeholder = `<w:sdt><w:sdtPr><w:showingPlcHdr/><w:text/></w:sdtPr><w:sdtContent><w:r><w:rPr><w:rStyle w:val="Testosegnaposto"/></w:rPr><w:t>Fare clic qui per immettere testo.</w:t></w:r></w:sdtContent></w:sdt>`;
    const converted = convert(docx(paragraph([run('Oggetto: '), placeholder])), [
      text('oggetto', 'Oggetto'),
    ]);
    const xml = body(converted.master);
    expect(xml).not.toContain('showingPlcHdr');
    expect(xml).not.toContain('Testosegnaposto');
    expect(xml).toContain('<w:sdtContent>');
    expect(renderText(converted, { oggetto: 'Ricorso' })).toBe('Oggetto: Ricorso');
  });
});

describe('convertBlanks: repeated blocks', () => {
  it('loops an elenco over the first table row of its blanks and removes the repeated rows', () => {
    const row = `<w:tr>${['__________', '........'].map((blank) => `<w:tc>${paragraph(blank)}</w:tc>`).join('')}</w:tr>`;
    const header = `<w:tr><w:tc>${paragraph('Creditore')}</w:tc><w:tc>${paragraph('Importo')}</w:tc></w:tr>`;
    const bytes = docx(`<w:tbl><w:tblPr/><w:tblGrid/>${header}${row}${row}${row}</w:tbl>`);
    const fields = [
      { variable: 'nome', label: 'Nome del creditore', type: 'testo' as const },
      { variable: 'credito', label: 'Importo del credito', type: 'importo' as const },
    ];
    const creditor = (field: string): TBlankProposal => ({
      variable: 'creditori',
      question: 'Creditori',
      type: 'elenco',
      fields,
      field,
    });
    const converted = convert(
      bytes,
      [1, 2, 3].flatMap(() => [creditor('nome'), creditor('credito')]),
    );
    expect(extractDocumentText(converted.master)).toBe(
      'Creditore\nImporto\n{#creditori}{nome}\n{credito | euro}{/creditori}',
    );
    expect(converted.questions).toEqual([
      expect.objectContaining({
        variable: 'creditori',
        type: 'elenco',
        fields: [
          expect.objectContaining({
            variable: 'nome',
            question: 'Nome del creditore',
            type: 'testo',
          }),
          expect.objectContaining({
            variable: 'credito',
            question: 'Importo del credito',
            type: 'importo',
          }),
        ],
      }),
    ]);
    expect(
      lintTemplate({ master: converted.master, questions: converted.questions }).errors,
    ).toEqual([]);
    const rendered = renderText(converted, {
      creditori: [
        { nome: 'Banca Uno', credito: '1000' },
        { nome: 'Fisco', credito: '250.5' },
      ],
    });
    expect(rendered).toBe('Creditore\nImporto\nBanca Uno\n1.000,00\u00a0€\nFisco\n250,50\u00a0€');
  });
});

describe('convertBlanks: a table of empty rows and its total', () => {
  const cell = (text: string, span = 1) =>
    `<w:tc><w:tcPr>${span > 1 ? `<w:gridSpan w:val="${span}"/>` : ''}</w:tcPr>${paragraph(text)}</w:tc>`;
  const tableRow = (...cells: string[]) => `<w:tr>${cells.join('')}</w:tr>`;
  const empty = tableRow(cell(''), cell(''), cell(''));
  const form = () =>
    docx(
      paragraph('ENTRATE DEL NUCLEO FAMILIARE'),
      '<w:tbl><w:tblPr/><w:tblGrid/>',
      tableRow(cell('Membro del nucleo'), cell('Tipo di entrata'), cell('Importo')),
      empty,
      empty,
      empty,
      tableRow(cell('Totale', 2), cell('')),
      '</w:tbl>',
    );

  it('finds the rows as one list under its headings and the total of the amount column', () => {
    const blanks = inspectBlanks(form());
    expect(blanks.map(({ kind, text, paragraph }) => ({ kind, text, paragraph }))).toEqual([
      {
        kind: 'tableRows',
        text: '3 righe vuote',
        paragraph: 'Membro del nucleo · Tipo di entrata · Importo',
      },
      { kind: 'total', text: 'Totale', paragraph: 'Totale' },
    ]);
    const [rows, total] = blanks.map((blank) => blank.proposal);
    expect(rows).toEqual({
      variable: 'entrate_nucleo',
      question: 'Entrate del nucleo familiare',
      type: 'elenco',
      fields: [
        { variable: 'membro_nucleo', label: 'Membro del nucleo', type: 'testo' },
        { variable: 'tipo_entrata', label: 'Tipo di entrata', type: 'testo' },
        { variable: 'importo', label: 'Importo', type: 'importo' },
      ],
    });
    expect(total).toEqual({ ...rows, field: 'importo', aggregate: 'somma' });
  });

  it('repeats the first row for each item, removes the others, and sums the amounts in cents', () => {
    const bytes = form();
    const blanks = inspectBlanks(bytes);
    const converted = convertBlanks(
      bytes,
      blanks.map((blank) => ({ id: blank.id, proposal: blank.proposal as TBlankProposal })),
    );
    expect(extractDocumentText(converted.master)).toBe(
      [
        'ENTRATE DEL NUCLEO FAMILIARE',
        'Membro del nucleo',
        'Tipo di entrata',
        'Importo',
        '{#entrate_nucleo}{membro_nucleo}',
        '{tipo_entrata}',
        '{importo | euro}{/entrate_nucleo}',
        'Totale',
        '{entrate_nucleo | somma:"importo" | euro}',
      ].join('\n'),
    );
    expect(findBlanks(converted.master)).toEqual([]);
    expect(
      lintTemplate({ master: converted.master, questions: converted.questions }).errors,
    ).toEqual([]);
    const rendered = renderText(converted, {
      entrate_nucleo: [
        { membro_nucleo: 'Anna', tipo_entrata: 'Stipendio', importo: '1200.10' },
        { membro_nucleo: 'Marco', tipo_entrata: 'Pensione', importo: '800.20' },
      ],
    });
    expect(rendered).toContain('Anna\nStipendio\n1.200,10\u00a0€\nMarco\nPensione\n800,20\u00a0€');
    expect(rendered).toMatch(/Totale\n2\.000,30\u00a0€$/);
  });

  it('refuses a total over a column that holds no amount', () => {
    const bytes = form();
    const blanks = inspectBlanks(bytes);
    const choices = blanks.map((blank) => {
      const proposal = blank.proposal as TBlankProposal;
      return {
        id: blank.id,
        proposal: blank.kind === 'total' ? { ...proposal, field: 'tipo_entrata' } : proposal,
      };
    });
    expect(() => convertBlanks(bytes, choices)).toThrow(
      messages.blankConversion.totalNeedsAmount('Totale', 'entrate_nucleo'),
    );
  });
});

describe('convertBlanks: repeated blocks outside tables', () => {
  const heir = (field: string): TBlankProposal => ({
    variable: 'eredi',
    question: 'Eredi',
    type: 'elenco',
    fields: [
      { variable: 'nome', label: 'Nome', type: 'testo' },
      { variable: 'quota', label: 'Quota', type: 'testo' },
    ],
    field,
  });

  it('loops an elenco within its one paragraph', () => {
    const converted = convert(docx(paragraph('Erede ________ per la quota di ______; ')), [
      heir('nome'),
      heir('quota'),
    ]);
    expect(extractDocumentText(converted.master)).toBe(
      '{#eredi}Erede {nome} per la quota di {quota}; {/eredi}',
    );
    expect(
      renderText(converted, {
        eredi: [
          { nome: 'Luca', quota: 'metà' },
          { nome: 'Sara', quota: 'metà' },
        ],
      }),
    ).toBe('Erede Luca per la quota di metà; Erede Sara per la quota di metà; ');
  });

  it('lists the items’ fields where an elenco is spread over paragraphs, and leaves its boxes', () => {
    const converted = convert(
      docx(paragraph('Erede ________'), paragraph('Quota ______ ☐ Rinuncia')),
      [heir('nome'), heir('quota'), { ...heir('rinuncia'), option: 'Sì' }],
    );
    expect(converted.skipped).toEqual(['word/document.xml#1.1']);
    expect(extractDocumentText(converted.master)).toBe(
      'Erede {eredi | elenco:"nome"}\nQuota {eredi | elenco:"quota"} ☐ Rinuncia',
    );
    expect(
      renderText(converted, {
        eredi: [
          { nome: 'Luca', quota: 'metà' },
          { nome: 'Sara', quota: 'metà' },
        ],
      }),
    ).toBe('Erede Luca e Sara\nQuota metà e metà ☐ Rinuncia');
  });
});

describe('convertBlanks: refusals', () => {
  const bytes = docx(paragraph('Nome ________ ☐ Sì'));
  const refusal = (choices: TBlankChoice[]) => {
    try {
      convertBlanks(bytes, choices);
    } catch (error) {
      return error instanceof AppError ? [error.code, error.userMessage] : error;
    }
    return 'converted';
  };

  it('refuses an unknown id, a name that is not snake_case, a box asked as text', () => {
    expect(refusal([{ id: 'word/document.xml#9.0', skip: true }])).toEqual([
      'invalid',
      messages.blankConversion.unknownBlank('word/document.xml#9.0'),
    ]);
    expect(refusal([{ id: 'word/document.xml#0.0', proposal: text('Nome Cliente') }])).toEqual([
      'invalid',
      messages.blankConversion.variableInvalid('Nome Cliente'),
    ]);
    expect(refusal([{ id: 'word/document.xml#0.1', proposal: text('si') }])).toEqual([
      'invalid',
      messages.blankConversion.checkboxNeedsChoice('Nome ________ ☐ Sì'),
    ]);
    expect(
      refusal([
        { id: 'word/document.xml#0.0', proposal: text('nome') },
        {
          id: 'word/document.xml#0.1',
          proposal: { variable: 'nome', question: 'Sì', type: 'scelta' },
        },
      ]),
    ).toEqual(['invalid', messages.blankConversion.typeConflict('nome')]);
  });
});
