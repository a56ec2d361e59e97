import { type CorpusCase, choice, commentBody, paragraph, run } from '../corpus-case.ts';

export const REVIEW_NOTE = 'verificare importo con società';

/**
 * Review comments without revisions, one anchored over a tag that Word split in runs:
 * accepted, and removed from every generated contract (the note never reaches the buyer).
 */
export const commenti: CorpusCase = {
  slug: 'commenti',
  description: 'Review comments over a split tag: accepted, removed from every contract.',
  outcome: 'handled',
  questions: [
    choice('nome_cliente', ['Mario Rossi', 'Anna Bianchi']),
    choice('importo', ['1.000', '2.000']),
  ],
  master: {
    body: [
      paragraph([
        run('Il cliente '),
        '<w:commentRangeStart w:id="0"/>',
        run('{nome_'),
        run('cliente}', '00B4C5D6'),
        '<w:commentRangeEnd w:id="0"/>',
        '<w:r><w:rPr><w:rStyle w:val="Rimandocommento"/></w:rPr><w:commentReference w:id="0"/></w:r>',
        run(' si obbliga a pagare '),
        '<w:commentRangeStart w:id="1"/>',
        run('{importo} euro'),
        '<w:commentRangeEnd w:id="1"/>',
        '<w:r><w:rPr><w:rStyle w:val="Rimandocommento"/></w:rPr><w:commentReference w:id="1"/></w:r>',
        run('.'),
      ]),
    ].join(''),
    comments: {
      0: {
        author: 'Avv. Bianchi',
        paragraphs: commentBody('il cliente è la società, non il socio'),
      },
      1: { author: 'Avv. Verdi', paragraphs: commentBody(REVIEW_NOTE) },
    },
  },
  lint: { errors: [], warnings: [] },
  renders: [
    {
      answers: { nome_cliente: 'Mario Rossi', importo: '1.000' },
      lines: ['Il cliente Mario Rossi si obbliga a pagare 1.000 euro.'],
      excludes: [REVIEW_NOTE],
      withoutParts: ['word/comments.xml', 'word/commentsExtended.xml'],
      pages: 1,
    },
  ],
};
