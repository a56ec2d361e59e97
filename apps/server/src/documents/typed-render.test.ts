import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { extractDocumentText, renderDocx } from './render.ts';
import { renderChangesAt } from './render-changes.ts';
import { buildDocx } from './test-docx.ts';
import { amountInWords, amountInWordsBefore2026, type TemplateQuestion } from './typed-answers.ts';

const QUESTIONS: TemplateQuestion[] = [
  { variable: 'canone', type: 'importo' },
  { variable: 'spese', type: 'importo' },
  { variable: 'a', type: 'importo' },
  { variable: 'b', type: 'importo' },
  { variable: 'mesi_deposito', type: 'numero' },
  { variable: 'ula', type: 'numero' },
  { variable: 'iva', type: 'numero' },
  { variable: 'data_inizio', type: 'data' },
  { variable: 'durata_anni', type: 'numero' },
  { variable: 'citta', type: 'testo' },
  { variable: 'cf', type: 'codice_fiscale' },
  { variable: 'servizi', is_multiple_selection: true, options: ['Pulizie', 'Portineria'] },
  {
    variable: 'conduttori',
    type: 'elenco',
    fields: [
      { variable: 'nome', type: 'testo' },
      { variable: 'cognome', type: 'testo' },
      { variable: 'codice_fiscale', type: 'codice_fiscale' },
      { variable: 'nato_il', type: 'data' },
      { variable: 'quota', type: 'importo' },
    ],
  },
];

const ANSWERS = {
  canone: '1234.50',
  spese: '0.10',
  a: '0.10',
  b: '0.20',
  mesi_deposito: '3',
  ula: '2.5',
  iva: '22',
  data_inizio: '2026-11-23',
  durata_anni: '4',
  citta: 'Roma',
  cf: 'RSSMRA80A01H501U',
  servizi: ['Pulizie', 'Portineria'],
  conduttori: [
    {
      nome: 'Mario',
      cognome: 'Rossi',
      codice_fiscale: 'RSSMRA80A01H501U',
      nato_il: '1980-01-01',
      quota: '617.25',
    },
    {
      nome: 'Anna',
      cognome: 'Bianchi',
      codice_fiscale: 'BNCNNA85M41F205X',
      nato_il: '1985-08-01',
      quota: '617.25',
    },
  ],
};

const NOW = new Date('2026-11-23T09:00:00Z');

/** The small types of an address and payment line, answered in their stored form. */
const SMALL_QUESTIONS: TemplateQuestion[] = [
  { variable: 'cap', type: 'cap' },
  { variable: 'provincia', type: 'provincia' },
  { variable: 'iban', type: 'iban' },
  { variable: 'telefono', type: 'telefono' },
  { variable: 'estero', type: 'telefono' },
  { variable: 'ora', type: 'ora' },
];
const SMALL_ANSWERS = {
  cap: '00184',
  provincia: 'RM',
  iban: 'IT60X0542811101000000123456',
  telefono: '+390612345678',
  estero: '+442079460958',
  ora: '09:05',
};

function renderText(paragraphs: string[], answers: Record<string, unknown> = ANSWERS): string {
  const docx = renderDocx(buildDocx(paragraphs), answers, { questions: QUESTIONS, now: NOW });
  // Read word/document.xml itself: what Word shows.
  expect(new PizZip(docx).file('word/document.xml')?.asText()).toBeTruthy();
  return extractDocumentText(docx);
}

const one = (tag: string, answers?: Record<string, unknown>) => renderText([tag], answers);

describe('typed answers in the template', () => {
  it('prints the small types: the IBAN grouped by four, the Italian prefix of a telephone apart', () => {
    const docx = renderDocx(
      buildDocx([
        '{cap} Roma ({provincia})',
        'IBAN {iban}',
        'Tel. {telefono}, {estero}',
        'Ore {ora}',
        '{#provincia == "RM"}In provincia di Roma{/}',
      ]),
      SMALL_ANSWERS,
      { questions: SMALL_QUESTIONS, now: NOW },
    );
    expect(extractDocumentText(docx)).toBe(
      [
        '00184 Roma (RM)',
        'IBAN IT60 X054 2811 1010 0000 0123 456',
        'Tel. +39 0612345678, +442079460958',
        'Ore 09:05',
        'In provincia di Roma',
      ].join('\n'),
    );
  });

  it('prints plain tags in their Italian form', () => {
    expect(one('{canone}')).toBe('1.234,50');
    expect(one('{data_inizio}')).toBe('23/11/2026');
    expect(one('{ula}')).toBe('2,5');
    expect(one('{cf}')).toBe('RSSMRA80A01H501U');
    expect(one('{citta}')).toBe('Roma');
    expect(one('{canone}', { canone: '1234567.00' })).toBe('1.234.567,00');
  });

  it('writes amounts with the money filters', () => {
    expect(one('{canone | importo}')).toBe('1.234,50');
    expect(one('{canone | euro}')).toBe('1.234,50\u00a0€');
    expect(one('{canone | importo_lettere}')).toBe('milleduecentotrentaquattro/50');
    expect(one('{mesi_deposito | numero_lettere}')).toBe('tre');
    expect(one('{iva | percentuale}')).toBe('22%');
    expect(one('{ula | percentuale}')).toBe('2,5%');
    expect(one('{canone * 1000 | importo_lettere}')).toBe(
      'unmilioneduecentotrentaquattromilacinquecento/00',
    );
  });

  it('writes money as it did for a document paid before the legal forms', () => {
    const before = (tag: string) =>
      extractDocumentText(
        renderDocx(buildDocx([tag]), ANSWERS, {
          questions: QUESTIONS,
          now: NOW,
          changes: renderChangesAt(new Date('2026-11-27T09:00:00Z')),
        }),
      );
    expect(before('{canone | euro}')).toBe('€ 1.234,50');
    expect(before('{ula | percentuale}')).toBe('2,5 %');
    expect(before('{canone * 1000 | importo_lettere}')).toBe(
      'un milione duecentotrentaquattromila e cinquecento/00',
    );
    expect(one('{canone | importo}')).toBe('1.234,50');
  });

  it('computes with amounts in cents, without floating-point drift', () => {
    expect(one('{a + b | euro}')).toBe('0,30\u00a0€');
    expect(one('{a + b}')).toBe('0,30');
    expect(one('{canone * 3 | euro}')).toBe('3.703,50\u00a0€');
    expect(one('{canone * mesi_deposito | euro}')).toBe('3.703,50\u00a0€');
    expect(one('{canone * mesi_deposito | importo_lettere}')).toBe('tremilasettecentotré/50');
    expect(one('{a * 3 | importo}', { a: '1.15' })).toBe('3,45');
    expect(one('{a - b | importo}', { a: '0.30', b: '0.10' })).toBe('0,20');
    expect(one('{a + a + a + a + a + a + a + a + a + a | euro}', { a: '0.10' })).toBe(
      '1,00\u00a0€',
    );
    // A true half cent rounds up: 10.10 × 15 % = 1.515.
    expect(one('{a * 0.15 | importo}', { a: '10.10' })).toBe('1,52');
  });

  it('compares numbers in conditions', () => {
    const paragraphs = ['{#canone > 1000}Canone elevato{/}', '{#canone <= 1000}Canone basso{/}'];
    expect(renderText(paragraphs)).toBe('Canone elevato');
    expect(renderText(paragraphs, { canone: '800.00' })).toBe('Canone basso');
  });

  it('writes dates and computes with them on the calendar', () => {
    expect(one('{data_inizio | data}')).toBe('23/11/2026');
    expect(one('{data_inizio | data_lunga}')).toBe('23 novembre 2026');
    expect(one('{data_inizio | data_lunga}', { data_inizio: '2026-03-01' })).toBe('1° marzo 2026');
    expect(one('{data_inizio | aggiungi_anni:4 | data_lunga}')).toBe('23 novembre 2030');
    expect(one('{data_inizio | aggiungi_anni:durata_anni}')).toBe('23/11/2030');
    expect(one('{data_inizio | aggiungi_giorni:8}')).toBe('01/12/2026');
    expect(one('{data_inizio | aggiungi_giorni:-23}')).toBe('31/10/2026');
    expect(one('{data_inizio | aggiungi_mesi:1}', { data_inizio: '2026-01-31' })).toBe(
      '28/02/2026',
    );
    expect(one('{data_inizio | aggiungi_mesi:1}', { data_inizio: '2028-01-31' })).toBe(
      '29/02/2028',
    );
    expect(one('{data_inizio | aggiungi_mesi:13}', { data_inizio: '2026-12-31' })).toBe(
      '31/01/2028',
    );
    expect(one('{data_inizio | aggiungi_anni:1}', { data_inizio: '2028-02-29' })).toBe(
      '28/02/2029',
    );
    expect(one('{data_inizio | aggiungi_giorni:1}', { data_inizio: '2028-02-28' })).toBe(
      '29/02/2028',
    );
  });

  it('compares dates with dates and with their canonical text', () => {
    const paragraphs = [
      '{#(data_inizio | aggiungi_anni:4) > data_inizio}dopo{/}',
      '{#(data_inizio | aggiungi_anni:-4) > data_inizio}prima{/}',
      '{#data_inizio == "2026-11-23"}il 23{/}',
      '{#data_inizio < oggi}passata{/}',
    ];
    expect(renderText(paragraphs)).toBe('dopo\nil 23');
  });

  it('writes the generation date for oggi', () => {
    expect(one('{citta}, lì {oggi | data_lunga}')).toBe('Roma, lì 23 novembre 2026');
    expect(one('{oggi}')).toBe('23/11/2026');
    expect(one('{citta | oggi | data}')).toBe('23/11/2026');
    // The day in Italy: 23:30 UTC on 30 November is already 1 December in Rome.
    const late = renderDocx(buildDocx(['{oggi | data_lunga}']), ANSWERS, {
      questions: QUESTIONS,
      now: new Date('2026-11-30T23:30:00Z'),
    });
    expect(extractDocumentText(late)).toBe('1° dicembre 2026');
  });

  it('loops over an elenco with typed fields', () => {
    expect(
      renderText([
        '{#conduttori}{nome} {cognome}, C.F. {codice_fiscale}, nato il {nato_il | data_lunga}, quota {quota | euro}; {/conduttori}',
      ]),
    ).toBe(
      'Mario Rossi, C.F. RSSMRA80A01H501U, nato il 1° gennaio 1980, quota 617,25\u00a0€; Anna Bianchi, C.F. BNCNNA85M41F205X, nato il 1° agosto 1985, quota 617,25\u00a0€; ',
    );
    expect(one('{#conduttori}{quota}{/conduttori}')).toBe('617,25617,25');
  });

  it('agrees with the number of items and lists them in Italian', () => {
    expect(one('{conduttori | plurale:"il conduttore":"i conduttori"}')).toBe('i conduttori');
    const single = { ...ANSWERS, conduttori: ANSWERS.conduttori.slice(0, 1) };
    expect(one('{conduttori | plurale:"il conduttore":"i conduttori"}', single)).toBe(
      'il conduttore',
    );
    expect(one('{conduttori | numero_elementi}')).toBe('2');
    expect(one('{conduttori | elenco:"cognome"}')).toBe('Rossi e Bianchi');
    expect(one('{servizi | elenco}')).toBe('Pulizie e Portineria');
    expect(one('{servizi | elenco}', { servizi: ['a', 'b', 'c'] })).toBe('a, b e c');
  });

  it('changes case', () => {
    expect(one('{citta | maiuscolo}')).toBe('ROMA');
    expect(one('{citta | minuscolo}', { citta: 'ÀNCONA' })).toBe('àncona');
  });

  it('leaves an unanswered typed key empty, filters included', () => {
    const paragraphs = [
      '[{canone | euro}][{data_inizio | data_lunga}][{ula}][{conduttori | elenco}]',
    ];
    expect(renderText(paragraphs, {})).toBe('[][][][]');
  });
});

describe('tags shared by several renders', () => {
  // Compiled tags are kept across renders (template-language.ts): each render must still read
  // its own answers, questions and generation date.
  const docx = buildDocx(['{totale} · {totale * 2} · {oggi | data_lunga}']);
  const render = (
    type: string,
    totale: string,
    now: Date,
    questions: TemplateQuestion[] = [{ variable: 'totale', type }],
  ) => extractDocumentText(renderDocx(docx, { totale }, { questions, now }));

  it("reads each render's own answers and generation date", () => {
    expect(render('importo', '1234.50', NOW)).toBe('1.234,50 · 2.469,00 · 23 novembre 2026');
    expect(render('importo', '10.00', new Date('2027-03-01T09:00:00Z'))).toBe(
      '10,00 · 20,00 · 1° marzo 2027',
    );
  });

  it('prints a plain number as its own template types it, whatever another template did', () => {
    expect(render('importo', '3', NOW)).toBe('3,00 · 6,00 · 23 novembre 2026');
    // The same tag text in a template where `totale` is a numero: no money form.
    expect(render('numero', '3', NOW)).toBe('3 · 6 · 23 novembre 2026');
    expect(render('importo', '3', NOW)).toBe('3,00 · 6,00 · 23 novembre 2026');
  });
});

describe('amountInWords', () => {
  it('writes euros in one word and cents in figures', () => {
    expect(amountInWords(0)).toBe('zero/00');
    expect(amountInWords(1)).toBe('uno/00');
    expect(amountInWords(21)).toBe('ventuno/00');
    expect(amountInWords(100)).toBe('cento/00');
    expect(amountInWords(1000)).toBe('mille/00');
    expect(amountInWords(1001)).toBe('milleuno/00');
    expect(amountInWords(2000)).toBe('duemila/00');
    expect(amountInWords(1_000_000)).toBe('unmilione/00');
    expect(amountInWords(1_234_567.89)).toBe(
      'unmilioneduecentotrentaquattromilacinquecentosessantasette/89',
    );
    expect(amountInWords(0.05)).toBe('zero/05');
    expect(amountInWords(1234.5)).toBe('milleduecentotrentaquattro/50');
    expect(amountInWords(0.1 + 0.2)).toBe('zero/30');
  });

  it("keeps n2words' form, spaces and «e» included, for documents bought before", () => {
    expect(amountInWordsBefore2026(1_000_000)).toBe('un milione/00');
    expect(amountInWordsBefore2026(1_234_567.89)).toBe(
      'un milione duecentotrentaquattromila e cinquecentosessantasette/89',
    );
  });
});

describe('spans between dates, totals and conditions over an elenco', () => {
  const SPAN_QUESTIONS: TemplateQuestion[] = [
    { variable: 'data_inizio', type: 'data' },
    { variable: 'data_fine', type: 'data' },
    {
      variable: 'creditori',
      type: 'elenco',
      fields: [
        { variable: 'nome', type: 'testo' },
        { variable: 'ruolo', type: 'testo' },
        { variable: 'importo', type: 'importo' },
        { variable: 'rate', type: 'numero' },
        { variable: 'scadenza', type: 'data' },
      ],
    },
  ];
  const CREDITORS = [
    { nome: 'Banca Alfa', ruolo: 'Banca', importo: '0.10', rate: '3', scadenza: '2027-05-31' },
    {
      nome: 'Beta S.p.A.',
      ruolo: 'Fornitore',
      importo: '0.20',
      rate: '12',
      scadenza: '2026-12-01',
    },
    {
      nome: 'Gamma S.r.l.',
      ruolo: 'Fornitore',
      importo: '1234.25',
      rate: '1',
      scadenza: '2028-02-29',
    },
  ];
  const spanText = (tag: string, answers: Record<string, unknown>) =>
    extractDocumentText(
      renderDocx(buildDocx([tag]), answers, { questions: SPAN_QUESTIONS, now: NOW }),
    );
  const dates = (inizio: string, fine: string) => ({ data_inizio: inizio, data_fine: fine });

  it('counts days, whole months and whole years between two dates on the calendar', () => {
    const lease = dates('2026-11-23', '2030-11-22');
    expect(spanText('{data_fine | giorni_tra:data_inizio}', lease)).toBe('1.460');
    expect(spanText('{data_inizio | giorni_tra:data_fine}', lease)).toBe('1.460');
    expect(spanText('{data_fine | mesi_tra:data_inizio}', lease)).toBe('47');
    expect(spanText('{data_fine | anni_tra:data_inizio}', lease)).toBe('3');
    expect(spanText('{data_fine | anni_tra:data_inizio}', dates('2026-11-23', '2030-11-23'))).toBe(
      '4',
    );
    // 31 January to the end of February is one month, as aggiungi_mesi counts it.
    expect(spanText('{data_fine | mesi_tra:data_inizio}', dates('2026-01-31', '2026-02-28'))).toBe(
      '1',
    );
    expect(spanText('{data_fine | mesi_tra:data_inizio}', dates('2026-03-15', '2026-04-14'))).toBe(
      '0',
    );
    expect(
      spanText('{data_fine | giorni_tra:data_inizio}', dates('2028-02-28', '2028-03-01')),
    ).toBe('2');
  });

  it('writes a duration in words and the day of the week', () => {
    expect(spanText('{data_fine | durata:data_inizio}', dates('2026-01-15', '2030-07-15'))).toBe(
      '4 anni e 6 mesi',
    );
    expect(spanText('{data_fine | durata:data_inizio}', dates('2026-01-15', '2027-03-18'))).toBe(
      '1 anno, 2 mesi e 3 giorni',
    );
    expect(spanText('{data_fine | durata:data_inizio}', dates('2026-01-15', '2026-01-16'))).toBe(
      '1 giorno',
    );
    expect(spanText('{data_fine | durata:data_inizio}', dates('2026-01-15', '2026-01-15'))).toBe(
      '0 giorni',
    );
    expect(spanText('{data_inizio | giorno_settimana}', dates('2026-11-23', '2026-11-23'))).toBe(
      'lunedì',
    );
    // Unanswered: nothing, never NaN.
    expect(spanText('[{data_fine | giorni_tra:data_inizio}]', { data_inizio: '2026-01-15' })).toBe(
      '[]',
    );
  });

  it('totals a field of an elenco exactly in cents, printed as money when it is an amount', () => {
    const answers = { creditori: CREDITORS };
    expect(spanText('{creditori | somma:"importo"}', answers)).toBe('1.234,55');
    expect(spanText('{creditori | somma:"importo" | euro}', answers)).toBe('1.234,55\u00a0€');
    expect(spanText('{creditori | somma:"importo" | importo_lettere}', answers)).toBe(
      'milleduecentotrentaquattro/55',
    );
    expect(spanText('{creditori | somma:"rate"}', answers)).toBe('16');
    expect(spanText('{creditori | somma:"importo"}', { creditori: [] })).toBe('0,00');
    expect(spanText('{#(creditori | somma:"importo") > 1000}oltre mille{/}', answers)).toBe(
      'oltre mille',
    );
  });

  it('takes a percentage of an amount to the cent, so the lines of a fee note add up to its total', () => {
    const phases = (...amounts: string[]) => ({
      creditori: amounts.map((importo) => ({ nome: 'Fase', importo })),
    });
    const fees = phases('1000.00', '500.00', '250.50');
    const compenso = '(creditori | somma:"importo")';
    // 15 % of 1.750,50 is 262,575: half a cent rounds up.
    expect(spanText(`{${compenso} | percento:15}`, fees)).toBe('262,58');
    expect(spanText(`{${compenso} | maggiorato:15}`, fees)).toBe('2.013,08');
    expect(spanText(`{${compenso} | maggiorato:15 | percento:4}`, fees)).toBe('80,52');
    expect(spanText(`{${compenso} | maggiorato:15 | maggiorato:4 | percento:22}`, fees)).toBe(
      '460,59',
    );
    expect(
      spanText(`{${compenso} | maggiorato:15 | maggiorato:4 | maggiorato:22 | euro}`, fees),
    ).toBe('2.554,19\u00a0€');
    expect(
      spanText(
        `{(${compenso} | maggiorato:15 | maggiorato:4 | maggiorato:22) - (${compenso} | maggiorato:15 | percento:20) | importo_lettere}`,
        fees,
      ),
    ).toBe('duemilacentocinquantuno/57');
    expect(spanText(`{${compenso} | percento:2.5}`, fees)).toBe('43,76');
    // 1.000,02: the lines 150,00 + 46,00 + 263,12 on 1.000,02 make 1.459,14, while multiplying by
    // 1,15 × 1,04 × 1,22 and rounding once says 1.459,15, a cent off the lines printed above it.
    const oneCent = phases('1000.02');
    expect(spanText(`{${compenso} | maggiorato:15 | maggiorato:4 | maggiorato:22}`, oneCent)).toBe(
      '1.459,14',
    );
    expect(spanText(`{${compenso} * 1.15 * 1.04 * 1.22 | importo}`, oneCent)).toBe('1.459,15');
    expect(spanText('[{creditori | percento:15}]', {})).toBe('[]');
  });

  it('counts items, tests every item or any item, and finds the largest and smallest', () => {
    const answers = { creditori: CREDITORS };
    expect(spanText('{creditori | conta}', answers)).toBe('3');
    expect(spanText('{creditori | conta:"ruolo":"Fornitore"}', answers)).toBe('2');
    expect(spanText('{#creditori | tutti:"ruolo":"Fornitore"}tutti fornitori{/}', answers)).toBe(
      '',
    );
    expect(spanText('{#creditori | almeno_uno:"ruolo":"Banca"}anche una banca{/}', answers)).toBe(
      'anche una banca',
    );
    expect(spanText('{creditori | massimo:"importo"}', answers)).toBe('1.234,25');
    expect(spanText('{creditori | minimo:"importo"}', answers)).toBe('0,10');
    expect(spanText('{creditori | massimo:"scadenza" | data_lunga}', answers)).toBe(
      '29 febbraio 2028',
    );
    expect(spanText('{creditori | minimo:"scadenza"}', answers)).toBe('01/12/2026');
    expect(spanText('[{creditori | massimo:"importo"}]', { creditori: [] })).toBe('[]');
  });
});

describe('checkboxes, characters and a text for the unanswered', () => {
  const FORM_QUESTIONS: TemplateQuestion[] = [
    { variable: 'tipo', options: ['Immobile', 'Mobile'] } as TemplateQuestion,
    { variable: 'servizi', is_multiple_selection: true, options: ['Pulizie', 'Portineria'] },
    { variable: 'urgente', options: ['Sì', 'No'] } as TemplateQuestion,
    { variable: 'cf', type: 'codice_fiscale' },
    { variable: 'nota', type: 'testo' },
  ];
  const formText = (tag: string, answers: Record<string, unknown>) =>
    extractDocumentText(
      renderDocx(buildDocx([tag]), answers, { questions: FORM_QUESTIONS, now: NOW }),
    );

  it('ticks the box of the chosen option, of each chosen option, and of a yes', () => {
    const boxes = '{tipo | casella:"Immobile"} Immobile {tipo | casella:"Mobile"} Mobile';
    expect(formText(boxes, { tipo: 'Immobile' })).toBe('☒ Immobile ☐ Mobile');
    expect(formText(boxes, { tipo: 'Mobile' })).toBe('☐ Immobile ☒ Mobile');
    expect(formText(boxes, {})).toBe('☐ Immobile ☐ Mobile');
    const services = '{servizi | casella:"Pulizie"}{servizi | casella:"Portineria"}';
    expect(formText(services, { servizi: ['Portineria'] })).toBe('☐☒');
    expect(formText('{urgente | casella}', { urgente: 'Sì' })).toBe('☒');
    expect(formText('{urgente | casella}', { urgente: 'No' })).toBe('☐');
  });

  it('writes one character of an answer for the boxes of a form', () => {
    const answers = { cf: 'RSSMRA80A01H501U' };
    expect(formText('{cf | carattere:1}{cf | carattere:2}{cf | carattere:16}', answers)).toBe(
      'RSU',
    );
    expect(formText('[{cf | carattere:17}]', answers)).toBe('[]');
    expect(formText('[{cf | carattere:1}]', {})).toBe('[]');
  });

  it('writes the text given for an unanswered question, the answer otherwise', () => {
    expect(formText('{nota | oppure:"—"}', {})).toBe('—');
    expect(formText('{nota | oppure:"—"}', { nota: '' })).toBe('—');
    expect(formText('{nota | oppure:"—"}', { nota: 'Consegna a mano' })).toBe('Consegna a mano');
    expect(formText('{servizi | oppure:"nessuno"}', { servizi: [] })).toBe('nessuno');
  });
});

describe('optional answers left without an answer (null)', () => {
  const skipped = {
    ...ANSWERS,
    canone: null,
    data_inizio: null,
    citta: null,
    servizi: null,
    conduttori: [
      { nome: 'Mario', cognome: 'Rossi', codice_fiscale: null, nato_il: null, quota: null },
      { nome: 'Anna', cognome: 'Bianchi', quota: '617.25' },
    ],
  };

  it('prints nothing for a skipped answer, never «null» or «undefined»', () => {
    const text = renderText(
      ['Canone: {canone}.', 'Dal {data_inizio}.', 'Foro di {citta}.', 'Servizi: {servizi}.'],
      skipped,
    );
    expect(text).toBe('Canone: .\nDal .\nForo di .\nServizi: .');
  });

  it('prints the fallback of oppure', () => {
    expect(one('{citta | oppure:"—"}', skipped)).toBe('—');
    expect(one('{canone | oppure:"da concordare"}', skipped)).toBe('da concordare');
    expect(one('{citta | oppure:"—"}')).toBe('Roma');
  });

  it('gives nothing from the filters on a skipped answer, rather than an error', () => {
    expect(one('{data_inizio | data}', skipped)).toBe('');
    expect(one('{data_inizio | data_lunga}', skipped)).toBe('');
    expect(one('{canone | euro}', skipped)).toBe('');
    expect(one('{canone | importo_lettere}', skipped)).toBe('');
    expect(one('{citta | maiuscolo}', skipped)).toBe('');
    expect(one('{servizi | elenco}', skipped)).toBe('');
    expect(one('{data_inizio | aggiungi_mesi:2 | data}', skipped)).toBe('');
    expect(one('{servizi | casella:"Pulizie"}', skipped)).toBe('☐');
  });

  it('drops a section over a skipped answer and counts missing item fields as 0 in somma', () => {
    expect(one('{#citta}Foro di {citta}.{/}', skipped)).toBe('');
    expect(one('{#servizi}{.}{/}', skipped)).toBe('');
    expect(one('{conduttori | somma:"quota"}', skipped)).toBe('617,25');
    expect(one('{#conduttori}{nome} {nato_il | data}; {/}', skipped)).toBe('Mario ; Anna ; ');
  });
});
