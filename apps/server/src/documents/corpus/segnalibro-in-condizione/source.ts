import {
  type CorpusCase,
  choice,
  fieldRuns,
  paragraph,
  problem,
  run,
  wordHabits,
} from '../corpus-case.ts';

const bookmark = (id: number, name: string, text: string) =>
  `<w:bookmarkStart w:id="${id}" w:name="${name}"/>${run(text)}<w:bookmarkEnd w:id="${id}"/>`;

/**
 * A cross-reference (Inserisci › Riferimento incrociato) to a bookmark inside a conditional
 * clause: when the clause drops, Word prints «Errore! Origine riferimento non trovata». Warned
 * with the bookmark's name; Word's hidden `_GoBack` bookmark is not.
 */
export const segnalibroInCondizione: CorpusCase = {
  slug: 'segnalibro-in-condizione',
  description: 'A REF field citing a bookmark inside a condition: warned with the bookmark.',
  outcome: 'warned',
  questions: [choice('penale', ['Sì', 'No'])],
  master: {
    body: [
      paragraph([bookmark(0, '_GoBack', 'Premesse.')]),
      paragraph('{#penale == "Sì"}'),
      paragraph([run('Penale: '), bookmark(1, '_Ref201', 'cento euro al giorno')]),
      paragraph('{/}'),
      paragraph([
        run('Si veda la clausola penale ('),
        fieldRuns('REF _Ref201 \\h', 'cento euro al giorno'),
        run(').'),
      ]),
    ].join(''),
  },
  lint: {
    errors: [],
    warnings: [
      problem(
        'body',
        '{#penale == "Sì"}',
        wordHabits.bookmarkInSection('_Ref201'),
        'Penale: cento euro al giorno',
      ),
    ],
  },
  renders: [
    {
      answers: { penale: 'Sì' },
      lines: [
        'Premesse.',
        'Penale: cento euro al giorno',
        'Si veda la clausola penale (cento euro al giorno).',
      ],
      pages: 1,
    },
  ],
};
