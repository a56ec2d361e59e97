import { type CorpusCase, choice, paragraph, run } from '../corpus-case.ts';

const sdtProperties = (alias: string, id: number) =>
  `<w:sdtPr><w:alias w:val="${alias}"/><w:tag w:val="${alias.toLowerCase()}"/><w:id w:val="${id}"/></w:sdtPr>`;

/**
 * Content controls (Sviluppo › Controlli), as form-like masters use them: a plain-text control
 * around a tag inside a paragraph, and a block control holding a whole conditional clause.
 * Handled: tags inside are filled in, the clause comes and goes with its condition.
 */
export const controlliContenuto: CorpusCase = {
  slug: 'controlli-contenuto',
  description: 'Tags inside content controls (w:sdt), inline and around a clause: filled in.',
  outcome: 'handled',
  questions: [
    choice('nome_cliente', ['Mario Rossi', 'Anna Bianchi']),
    choice('deposito', ['Sì', 'No']),
  ],
  master: {
    body: [
      paragraph([
        run('Il conduttore '),
        `<w:sdt>${sdtProperties('Cliente', 101)}<w:sdtContent>${run('{nome_cliente}')}</w:sdtContent></w:sdt>`,
        run(' accetta le condizioni.'),
      ]),
      `<w:sdt>${sdtProperties('Deposito', 102)}<w:sdtContent>${paragraph('{#deposito == "Sì"}')}${paragraph('Il conduttore versa un deposito cauzionale.')}${paragraph('{/}')}</w:sdtContent></w:sdt>`,
      paragraph('Fine.'),
    ].join(''),
  },
  lint: { errors: [], warnings: [] },
  renders: [
    {
      answers: { nome_cliente: 'Anna Bianchi', deposito: 'Sì' },
      lines: [
        'Il conduttore Anna Bianchi accetta le condizioni.',
        'Il conduttore versa un deposito cauzionale.',
        'Fine.',
      ],
      pages: 1,
    },
    {
      answers: { nome_cliente: 'Mario Rossi', deposito: 'No' },
      includes: ['Il conduttore Mario Rossi accetta le condizioni.', 'Fine.'],
      excludes: ['deposito cauzionale'],
      pages: 1,
    },
  ],
};
