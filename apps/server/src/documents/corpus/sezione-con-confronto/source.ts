import { CONFIDENTIALITY, CONTRACT_QUESTIONS, DEPOSIT } from '../contract-questions.ts';
import { type CorpusCase, paragraph } from '../corpus-case.ts';

/** The bare section fixed as the lint asks: the clause only when the answer is «Sì». */
export const sezioneConConfronto: CorpusCase = {
  slug: 'sezione-con-confronto',
  description: 'A section compared with the answer it needs: {#conferma == "Sì"}.',
  outcome: 'handled',
  questions: CONTRACT_QUESTIONS,
  master: {
    body: [
      paragraph('Contratto di {tipo}.'),
      paragraph(`{#deposito == "Sì"}${DEPOSIT}{/}`),
      paragraph('{#conferma == "Sì"}'),
      paragraph(CONFIDENTIALITY),
      paragraph('{/}'),
      paragraph('Letto, confermato e sottoscritto.'),
    ].join(''),
  },
  preview: {
    body: [
      paragraph('ANTEPRIMA – Contratto di {tipo}.'),
      paragraph('{#conferma == "Sì"}Clausola di riservatezza.{/}'),
    ].join(''),
  },
  lint: { errors: [], warnings: [] },
  renders: [
    {
      answers: { tipo: 'Comodato', deposito: 'Sì', conferma: 'Sì' },
      lines: [
        'Contratto di Comodato.',
        DEPOSIT,
        CONFIDENTIALITY,
        'Letto, confermato e sottoscritto.',
      ],
      pages: 1,
    },
    {
      answers: { tipo: 'Vendita', conferma: 'No' },
      lines: ['Contratto di Vendita.', 'Letto, confermato e sottoscritto.'],
      pages: 1,
    },
  ],
};
