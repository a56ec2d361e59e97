import { type CorpusCase, choice, paragraph } from '../corpus-case.ts';

/**
 * Word's AutoCorrect turns the quotes of a comparison into “ ” and ‘ ’ as the editor types:
 * handled, the conditions compare as written with straight quotes, and an option that keeps
 * Word's apostrophe (’) still matches.
 */
export const virgoletteCurve: CorpusCase = {
  slug: 'virgolette-curve',
  description: 'Curly quotes typed by AutoCorrect in comparisons: compared as straight quotes.',
  outcome: 'handled',
  questions: [
    choice('tipo', ['Locazione', 'Vendita']),
    choice('deposito', ['Sì', 'No']),
    choice('uso', ['Abitazione', 'Ufficio dell’impresa']),
  ],
  master: {
    body: [
      paragraph('{#tipo == “Locazione”}Il conduttore paga il canone mensile.{/}'),
      paragraph('{#deposito == ‘Sì’}Il conduttore versa il deposito.{/}'),
      paragraph('{#uso == “Ufficio dell’impresa”}L’immobile è adibito a ufficio.{/}'),
      paragraph('Fine.'),
    ].join(''),
  },
  lint: { errors: [], warnings: [] },
  renders: [
    {
      answers: { tipo: 'Locazione', deposito: 'Sì', uso: 'Ufficio dell’impresa' },
      lines: [
        'Il conduttore paga il canone mensile.',
        'Il conduttore versa il deposito.',
        'L’immobile è adibito a ufficio.',
        'Fine.',
      ],
      pages: 1,
    },
    {
      answers: { tipo: 'Vendita', deposito: 'No', uso: 'Abitazione' },
      lines: ['Fine.'],
      pages: 1,
    },
  ],
};
