import {
  type CorpusCase,
  choice,
  commentBody,
  lint,
  paragraph,
  problem,
  run,
} from '../corpus-case.ts';

const FOOTNOTE_REFERENCE =
  '<w:r><w:rPr><w:rStyle w:val="Rimandonotaapidipagina"/></w:rPr><w:footnoteReference w:id="1"/></w:r>';
const FOOTER = '{#penale_ignota == "Sì"}Clausola penale{/}';

/**
 * Unknown keys in every part of the document: each message names the part as the editor knows
 * it in Word (intestazione, corpo, nota, piè di pagina, commento, proprietà del documento),
 * in reading order, and quotes the tag as typed, with its `#`.
 */
export const tagErratiNelleParti: CorpusCase = {
  slug: 'tag-errati-nelle-parti',
  description:
    'Unknown keys in header, body, footnote, footer, comment and title: each part named.',
  outcome: 'refused',
  questions: [choice('nome_cliente', ['Mario Rossi', 'Anna Bianchi'])],
  master: {
    title: 'Contratto {titolo_ignoto}',
    body: [
      paragraph([
        run('Il cliente {nome_cliente} e '),
        '<w:commentRangeStart w:id="0"/>',
        run('{controparte}'),
        '<w:commentRangeEnd w:id="0"/>',
        '<w:r><w:rPr><w:rStyle w:val="Rimandocommento"/></w:rPr><w:commentReference w:id="0"/></w:r>',
        run(' firmano.'),
        FOOTNOTE_REFERENCE,
      ]),
    ].join(''),
    headers: { rIdH1: paragraph('Pratica {pratica_ignota}') },
    footers: { rIdP1: paragraph(FOOTER) },
    footnotes: {
      1: paragraph([
        '<w:r><w:rPr><w:rStyle w:val="Rimandonotaapidipagina"/></w:rPr><w:footnoteRef/></w:r>',
        run('Vedi {nota_ignota}.'),
      ]),
    },
    comments: {
      0: { author: 'Avv. Bianchi', paragraphs: commentBody('usare {commento_ignoto}') },
    },
  },
  lint: {
    errors: [
      problem(
        'header',
        '{pratica_ignota}',
        lint.unknownVariable('pratica_ignota'),
        'Pratica {pratica_ignota}',
      ),
      problem(
        'body',
        '{controparte}',
        lint.unknownVariable('controparte'),
        'Il cliente {nome_cliente} e {controparte} firmano.',
      ),
      problem('note', '{nota_ignota}', lint.unknownVariable('nota_ignota'), 'Vedi {nota_ignota}.'),
      problem('footer', '{#penale_ignota == "Sì"}', lint.unknownVariable('penale_ignota'), FOOTER),
      problem(
        'comment',
        '{commento_ignoto}',
        lint.unknownVariable('commento_ignoto'),
        'usare {commento_ignoto}',
      ),
      problem('properties', '{titolo_ignoto}', lint.unknownVariable('titolo_ignoto'), ''),
    ],
    warnings: [],
  },
};
