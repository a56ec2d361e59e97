import {
  type CorpusCase,
  choice,
  fieldRuns,
  lint,
  paragraph,
  problem,
  run,
} from '../corpus-case.ts';

/**
 * A master converted from a Word mail merge: a «NOME_CLIENTE» left as text and a live
 * MERGEFIELD. Warned (they reach the contract as typed), each with the tag to write instead;
 * «Conduttore», an Italian defined term in the same quotes, is not.
 */
export const stampaUnione: CorpusCase = {
  slug: 'stampa-unione',
  description: 'Mail-merge fields («NOME_CLIENTE», MERGEFIELD): warned with the tag to write.',
  outcome: 'warned',
  questions: [
    choice('nome_cliente', ['Mario Rossi', 'Anna Bianchi']),
    choice('data_firma', ['1 marzo 2027', '1 aprile 2027']),
  ],
  master: {
    body: [
      paragraph(
        'Il signor {nome_cliente}, di seguito «Conduttore», prende in locazione l’immobile.',
      ),
      paragraph('Firma di «NOME_CLIENTE»'),
      paragraph([
        run('Data: '),
        fieldRuns('MERGEFIELD  DATA_FIRMA  \\* MERGEFORMAT', '«DATA_FIRMA»'),
      ]),
    ].join(''),
  },
  lint: {
    errors: [],
    warnings: [
      problem('body', 'NOME_CLIENTE', lint.mailMerge('nome_cliente'), 'Firma di «NOME_CLIENTE»'),
      problem('body', 'DATA_FIRMA', lint.mailMerge('data_firma'), 'Data: «DATA_FIRMA»'),
      lint.unusedQuestion('data_firma'),
    ],
  },
  renders: [
    {
      answers: { nome_cliente: 'Mario Rossi', data_firma: '1 marzo 2027' },
      lines: [
        'Il signor Mario Rossi, di seguito «Conduttore», prende in locazione l’immobile.',
        'Firma di «NOME_CLIENTE»',
        'Data: «DATA_FIRMA»',
      ],
      pages: 1,
    },
  ],
};
