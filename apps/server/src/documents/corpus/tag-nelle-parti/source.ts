import { type CorpusCase, choice, fieldRuns, paragraph, run } from '../corpus-case.ts';

const FOOTNOTE_REFERENCE =
  '<w:r><w:rPr><w:rStyle w:val="Rimandonotaapidipagina"/></w:rPr><w:footnoteReference w:id="1"/></w:r>';

/**
 * Tags where Word users put them besides the body: the header, the footer next to the page
 * number, a footnote and the document's title. Handled: every part is filled in.
 */
export const tagNelleParti: CorpusCase = {
  slug: 'tag-nelle-parti',
  description: 'Tags in the header, footer, a footnote and the title: all filled in.',
  outcome: 'handled',
  questions: [
    choice('nome_cliente', ['Mario Rossi', 'Anna Bianchi']),
    choice('tipo', ['Locazione', 'Vendita']),
  ],
  master: {
    title: 'Contratto di {tipo}',
    body: [
      paragraph([
        run('Il cliente {nome_cliente} stipula il contratto di {tipo}.'),
        FOOTNOTE_REFERENCE,
      ]),
    ].join(''),
    headers: { rIdH1: paragraph('Pratica {nome_cliente}', '<w:pStyle w:val="Intestazione"/>') },
    footers: {
      rIdP1: paragraph(
        [run('Contratto di {tipo} – pagina '), fieldRuns('PAGE', '1')],
        '<w:pStyle w:val="Pidipagina"/>',
      ),
    },
    footnotes: {
      1: paragraph(
        [
          '<w:r><w:rPr><w:rStyle w:val="Rimandonotaapidipagina"/></w:rPr><w:footnoteRef/></w:r>',
          run(' {nome_cliente} dichiara di aver letto le condizioni generali.'),
        ],
        '<w:pStyle w:val="Testonotaapidipagina"/>',
      ),
    },
  },
  lint: { errors: [], warnings: [] },
  renders: [
    {
      answers: { nome_cliente: 'Anna Bianchi', tipo: 'Locazione' },
      lines: ['Il cliente Anna Bianchi stipula il contratto di Locazione.'],
      parts: {
        'word/header1.xml': ['Pratica Anna Bianchi'],
        'word/footer1.xml': ['Contratto di Locazione – pagina'],
        'word/footnotes.xml': ['Anna Bianchi dichiara di aver letto'],
        'docProps/core.xml': ['Contratto di Locazione'],
      },
      pages: 1,
    },
  ],
};
