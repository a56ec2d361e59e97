/** A question list with typed questions (DESIGN §12) after the sample ones the test master uses. */
import { SAMPLE_ANSWERS, SAMPLE_QUESTIONS } from '../../documents/test-docx.ts';

export const TYPED_QUESTIONS = [
  ...SAMPLE_QUESTIONS,
  { variable: 'canone', question: 'Canone mensile', type: 'importo', min: 1 },
  {
    variable: 'conduttori',
    question: 'I conduttori',
    type: 'elenco',
    min_items: 1,
    max_items: 3,
    label_singolare: 'il conduttore',
    label_plurale: 'i conduttori',
    fields: [
      { variable: 'nome', question: 'Nome e cognome', type: 'testo' },
      { variable: 'codice_fiscale', question: 'Codice fiscale', type: 'codice_fiscale' },
    ],
  },
  {
    variable: 'solidale',
    question: 'I conduttori sono obbligati in solido?',
    options: ['Sì', 'No'],
    required_answers: [{ conduttori: { almeno: 2 } }],
  },
  { variable: 'inizio', question: 'Data di inizio', type: 'data', min: '2020-01-01' },
];

export const CONDUTTORE = { nome: 'Mario Rossi', codice_fiscale: 'RSSMRA85T10A562S' };

/** A complete, valid set of answers to `TYPED_QUESTIONS`, with two tenants. */
export const TYPED_ANSWERS = {
  ...SAMPLE_ANSWERS,
  canone: '1234.50',
  conduttori: [CONDUTTORE, { nome: 'Anna Bianchi', codice_fiscale: 'BNCNNA90A41F205W' }],
  solidale: 'Sì',
  inizio: '2026-11-23',
};
