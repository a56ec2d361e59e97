import { type CorpusCase, choice, lint, paragraph, problem } from '../corpus-case.ts';

const LOOP = 'Servizi: {#servizi}servizio compreso nel canone; {/servizi}';

/**
 * A section over a multiple choice repeats once per chosen option: meant when it writes the
 * option (`{.}`), almost never otherwise. Warned, and rendered as docxtemplater does.
 */
export const cicloSenzaPunto: CorpusCase = {
  slug: 'ciclo-senza-punto',
  description: 'A loop over a multiple choice that never writes {.}: repeated once per answer.',
  outcome: 'warned',
  questions: [choice('servizi', ['Pulizie', 'Portineria', 'Giardino'], { multiple: true })],
  master: {
    body: [paragraph(LOOP), paragraph('Elenco: {#servizi}{.}; {/servizi}')].join(''),
  },
  lint: {
    errors: [],
    warnings: [problem('body', '{#servizi}', lint.loopWithoutItem('servizi', 'Pulizie'), LOOP)],
  },
  renders: [
    {
      answers: { servizi: ['Pulizie', 'Giardino'] },
      lines: [
        'Servizi: servizio compreso nel canone; servizio compreso nel canone; ',
        'Elenco: Pulizie; Giardino; ',
      ],
      pages: 1,
    },
  ],
};
