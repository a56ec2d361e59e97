import { CONFIDENTIALITY, CONTRACT_QUESTIONS, DEPOSIT } from '../contract-questions.ts';
import { type CorpusCase, lint, paragraph, problem } from '../corpus-case.ts';

/**
 * `{#conferma}…{/}` on a Sì/No question: docxtemplater keeps the clause for any answer, «No»
 * included. Refused, naming the comparison to write.
 */
export const sezioneSenzaConfronto: CorpusCase = {
  slug: 'sezione-senza-confronto',
  description: 'A bare section on a single-choice question: kept for any answer, «No» included.',
  outcome: 'refused',
  questions: CONTRACT_QUESTIONS,
  master: {
    body: [
      paragraph('Contratto di {tipo}.'),
      paragraph(`{#deposito == "Sì"}${DEPOSIT}{/}`),
      paragraph('{#conferma}'),
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
  lint: {
    errors: [
      problem(
        'body',
        '{#conferma}',
        lint.bareSection('conferma', 'Sì', ['Sì', 'No']),
        '{#conferma}',
      ),
    ],
    warnings: [],
  },
};
