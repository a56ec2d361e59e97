import { ZQuestion } from '@lexpath/shared/schemas/questions';
import { FILTER_GUIDE, TAG_GUIDE, TYPE_GUIDE } from '@lexpath/shared/template-guide';
import { describe, expect, it } from 'vitest';
import { extractDocumentText, renderDocx } from './render.ts';
import { FILTER_SIGNATURES, TEMPLATE_FILTERS } from './template-language.ts';
import { buildDocx } from './test-docx.ts';
import type { TemplateAnswers, TemplateQuestion } from './typed-answers.ts';

/**
 * The «Guida ai tag» an editor reads is written apart from the renderer: these checks keep the
 * two in step, so a filter or a type added on one side fails here until the other has it.
 */
describe('the template guide against the renderer', () => {
  const sorted = (names: Iterable<string>) => [...names].sort();

  it('describes every filter the renderer runs, and no other', () => {
    expect(sorted(Object.keys(FILTER_GUIDE))).toEqual(sorted(Object.keys(TEMPLATE_FILTERS)));
  });

  it('describes every filter the lint checks, and no other', () => {
    expect(sorted(Object.keys(FILTER_GUIDE))).toEqual(sorted(Object.keys(FILTER_SIGNATURES)));
  });

  it('describes every question type the shared schema accepts, and no other', () => {
    const types = [...(ZQuestion._zod.propValues?.type ?? [])].filter(
      (type): type is string => typeof type === 'string',
    );
    expect(types.length).toBeGreaterThan(1);
    expect(sorted(Object.keys(TYPE_GUIDE))).toEqual(sorted(types));
  });

  it('gives each entry an example that uses its filter', () => {
    for (const [name, entry] of Object.entries(FILTER_GUIDE)) {
      expect(entry.example, name).toMatch(new RegExp(`[{|]\\s*${name}\\b`));
      expect(entry.description.length, name).toBeGreaterThan(10);
      expect(entry.result, name).not.toBe('');
    }
  });
});

/** The questions and answers the guide's examples are written against. */
const GUIDE_QUESTIONS = [
  { variable: 'nome_cliente', type: 'testo' },
  { variable: 'tipo_immobile', options: ['Arredato', 'Vuoto'] },
  { variable: 'tipo', options: ['Immobile', 'Arredato', 'Mobile'] },
  { variable: 'servizi', options: ['Pulizie', 'Giardino'], is_multiple_selection: true },
  { variable: 'canone', type: 'importo' },
  { variable: 'mesi', type: 'numero' },
  { variable: 'interessi', type: 'numero' },
  { variable: 'data_inizio', type: 'data' },
  { variable: 'data_fine', type: 'data' },
  { variable: 'data_scadenza', type: 'data' },
  { variable: 'data_udienza', type: 'data' },
  { variable: 'citta', type: 'testo' },
  { variable: 'note', type: 'testo' },
  { variable: 'descrizione_immobile', type: 'testo_lungo' },
  { variable: 'codice_fiscale', type: 'codice_fiscale' },
  { variable: 'partita_iva', type: 'partita_iva' },
  { variable: 'pec', type: 'email' },
  { variable: 'cap', type: 'cap' },
  { variable: 'provincia', type: 'provincia' },
  { variable: 'iban', type: 'iban' },
  { variable: 'telefono', type: 'telefono' },
  { variable: 'ora_udienza', type: 'ora' },
  {
    variable: 'conduttori',
    type: 'elenco',
    fields: [
      { variable: 'nome', type: 'testo' },
      { variable: 'codice_fiscale', type: 'codice_fiscale' },
      { variable: 'genere', options: ['maschile', 'femminile'] },
    ],
  },
  {
    variable: 'creditori',
    type: 'elenco',
    fields: [
      { variable: 'importo', type: 'importo' },
      { variable: 'scadenza', type: 'data' },
      { variable: 'tipo', options: ['Banca', 'Fornitore'] },
    ],
  },
  { variable: 'testimoni', type: 'elenco', fields: [{ variable: 'ruolo', type: 'testo' }] },
] as unknown as TemplateQuestion[];

const GUIDE_ANSWERS = {
  nome_cliente: 'Mario Rossi',
  tipo_immobile: 'Arredato',
  tipo: 'Immobile',
  servizi: ['Pulizie'],
  canone: '1234.50',
  mesi: '12',
  interessi: '2.5',
  data_inizio: '2026-03-01',
  data_fine: '2030-09-01',
  data_scadenza: '2026-03-31',
  data_udienza: '2026-11-30',
  citta: 'Roma',
  descrizione_immobile: 'Appartamento al secondo piano…',
  codice_fiscale: 'RSSMRA80A01H501U',
  partita_iva: '01234567897',
  pec: 'studio@pec.it',
  cap: '00184',
  provincia: 'RM',
  iban: 'IT60X0542811101000000123456',
  telefono: '+390612345678',
  ora_udienza: '09:30',
  conduttori: [
    { nome: 'Mario Rossi', codice_fiscale: 'RSSMRA80A01H501U', genere: 'maschile' },
    { nome: 'Anna Bianchi', codice_fiscale: 'BNCNNA85D43H501Y', genere: 'femminile' },
  ],
  creditori: [
    { importo: '8000.00', scadenza: '2026-01-15', tipo: 'Banca' },
    { importo: '4500.00', scadenza: '2026-06-30', tipo: 'Banca' },
  ],
  testimoni: [{ ruolo: 'Testimone' }, { ruolo: 'Testimone' }, { ruolo: 'Interprete' }],
};

/** What a tag prints with the guide's answers, on 27 November 2026. */
function printed(example: string, answers: object = GUIDE_ANSWERS): string {
  return extractDocumentText(
    renderDocx(buildDocx([example]), answers as TemplateAnswers, {
      questions: GUIDE_QUESTIONS,
      now: new Date('2026-11-27T10:00:00Z'),
    }),
  );
}

describe('the guide shows what the renderer prints', () => {
  it.each(Object.entries(FILTER_GUIDE))('filter %s', (_name, entry) => {
    expect(printed(entry.example)).toBe(entry.result);
  });

  it.each(Object.entries(TYPE_GUIDE))('type %s', (_name, entry) => {
    expect(printed(entry.example)).toBe(entry.result);
  });

  it.each(TAG_GUIDE.filter((entry) => !entry.form.startsWith('{@')))('tag $form', (entry) => {
    expect(printed(entry.example)).toBe(entry.result);
  });
});
