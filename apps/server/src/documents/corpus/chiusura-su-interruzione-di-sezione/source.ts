import { type CorpusCase, choice, paragraph, problem, run, wordHabits } from '../corpus-case.ts';
import { section } from '../word-package.ts';

/**
 * `{/}` typed in the paragraph that ends the contract's section (Layout › Interruzioni ›
 * Pagina successiva), before an annex with its own header. Warned; the engine keeps the break,
 * so the annex still starts on a new page under its own header.
 */
export const chiusuraSuInterruzioneDiSezione: CorpusCase = {
  slug: 'chiusura-su-interruzione-di-sezione',
  description:
    '{/} in the paragraph carrying a section break: warned, the break and the two headers kept.',
  outcome: 'warned',
  questions: [choice('riservatezza', ['Sì', 'No'])],
  master: {
    body: [
      paragraph('Premesse del contratto.'),
      paragraph('{#riservatezza == "Sì"}'),
      paragraph('Le parti mantengono riservate le informazioni ricevute.'),
      `<w:p w:rsidR="00A1B2C3"><w:pPr>${section({ header: 'rIdH1' }, 'nextPage')}</w:pPr>${run('{/')}${run('} ', '00B4C5D6')}</w:p>`,
      paragraph('Allegato A: planimetria.'),
    ].join(''),
    finalSection: section({ header: 'rIdH2' }),
    headers: {
      rIdH1: paragraph('Intestazione del contratto'),
      rIdH2: paragraph('Intestazione dell’allegato'),
    },
  },
  lint: {
    errors: [],
    warnings: [problem('body', '{/}', wordHabits.sectionTagOnSectionBreak, '{/}')],
  },
  renders: [
    {
      answers: { riservatezza: 'Sì' },
      includes: ['Le parti mantengono riservate', 'Allegato A: planimetria.'],
      parts: {
        'word/header1.xml': ['Intestazione del contratto'],
        'word/header2.xml': ['Intestazione dell’allegato'],
      },
      pages: 2,
    },
    {
      answers: { riservatezza: 'No' },
      includes: ['Premesse del contratto.', 'Allegato A: planimetria.'],
      excludes: ['riservate'],
      pages: 2,
    },
  ],
};
