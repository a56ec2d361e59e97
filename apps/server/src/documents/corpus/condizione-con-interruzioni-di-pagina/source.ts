import { type CorpusCase, choice, PAGE_BREAK, paragraph } from '../corpus-case.ts';

/**
 * Annexes that exist only when asked: a condition over several paragraphs, each annex on a page
 * of its own after a page break. Handled: with the annexes, three pages; without, one, and no
 * blank page left by a stray break.
 */
export const condizioneConInterruzioniDiPagina: CorpusCase = {
  slug: 'condizione-con-interruzioni-di-pagina',
  description: 'A multi-paragraph condition holding page breaks: three pages or one.',
  outcome: 'handled',
  questions: [choice('allegati', ['Sì', 'No'])],
  master: {
    body: [
      paragraph('Contratto di locazione.'),
      paragraph('Le parti sottoscrivono il presente contratto.'),
      paragraph('{#allegati == "Sì"}'),
      PAGE_BREAK,
      paragraph('Allegato A – Planimetria dell’immobile.'),
      paragraph('La planimetria è parte integrante del contratto.'),
      PAGE_BREAK,
      paragraph('Allegato B – Inventario degli arredi.'),
      paragraph('{/}'),
    ].join(''),
  },
  lint: { errors: [], warnings: [] },
  renders: [
    {
      answers: { allegati: 'Sì' },
      includes: ['Allegato A – Planimetria', 'Allegato B – Inventario'],
      pages: 3,
    },
    {
      answers: { allegati: 'No' },
      lines: ['Contratto di locazione.', 'Le parti sottoscrivono il presente contratto.'],
      pages: 1,
    },
  ],
};
