import { type CorpusCase, choice, paragraph } from '../corpus-case.ts';

const cell = (content: string, width = 4800) =>
  `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/></w:tcPr>${paragraph(content)}</w:tc>`;
const row = (...cells: string[]) =>
  `<w:tr>${cells.map((content) => cell(content)).join('')}</w:tr>`;

/**
 * A table of charges whose deposit row exists only when there is a deposit: the section opens
 * in the row's first cell and closes in its last. Handled: the whole row goes, the table stays.
 */
export const condizioneSuRigaDiTabella: CorpusCase = {
  slug: 'condizione-su-riga-di-tabella',
  description: 'A condition over a table row: the row is removed when false.',
  outcome: 'handled',
  questions: [choice('deposito', ['Sì', 'No']), choice('canone', ['800', '1.000'])],
  master: {
    body: [
      paragraph('Prospetto degli importi:'),
      '<w:tbl><w:tblPr><w:tblStyle w:val="Grigliatabella"/><w:tblW w:w="9600" w:type="dxa"/></w:tblPr>' +
        '<w:tblGrid><w:gridCol w:w="4800"/><w:gridCol w:w="4800"/></w:tblGrid>' +
        row('Voce', 'Importo') +
        row('Canone mensile', '{canone} euro') +
        row('{#deposito == "Sì"}Deposito cauzionale', 'tre mensilità{/}') +
        row('Spese condominiali', 'a carico del conduttore') +
        '</w:tbl>',
      paragraph('Fine del prospetto.'),
    ].join(''),
  },
  lint: { errors: [], warnings: [] },
  renders: [
    {
      answers: { deposito: 'Sì', canone: '800' },
      lines: [
        'Prospetto degli importi:',
        'Voce',
        'Importo',
        'Canone mensile',
        '800 euro',
        'Deposito cauzionale',
        'tre mensilità',
        'Spese condominiali',
        'a carico del conduttore',
        'Fine del prospetto.',
      ],
      pages: 1,
    },
    {
      answers: { deposito: 'No', canone: '1.000' },
      lines: [
        'Prospetto degli importi:',
        'Voce',
        'Importo',
        'Canone mensile',
        '1.000 euro',
        'Spese condominiali',
        'a carico del conduttore',
        'Fine del prospetto.',
      ],
      pages: 1,
    },
  ],
};
