import { BULLET, type CorpusCase, choice, HEADING, paragraph, run } from '../corpus-case.ts';

/**
 * Conditions as Word users type them in a numbered contract: opened inline at the start of an
 * "Art. N." heading, in tag-only paragraphs with a trailing space (`{/} `, split in runs), and
 * inside bullets. Handled: the engine removes a paragraph left with nothing but the tag and
 * whitespace, so no empty "Art. 3." heading or empty bullet remains.
 */
export const tagInTitoliEdElenchi: CorpusCase = {
  slug: 'tag-in-titoli-ed-elenchi',
  description:
    'Trailing-space tag paragraphs and inline conditions in a numbered heading and in bullets: no empty heading or bullet.',
  outcome: 'handled',
  questions: [
    choice('penale', ['Sì', 'No']),
    choice('deposito', ['Sì', 'No']),
    choice('servizi', ['Pulizie', 'Giardino', 'Portineria'], { multiple: true }),
  ],
  master: {
    body: [
      paragraph('Oggetto', HEADING),
      paragraph('Il locatore concede in locazione l’immobile.'),
      paragraph([run('{#penale == '), run('"Sì"}Penale', '00B4C5D6')], HEADING),
      paragraph('Il conduttore paga una penale per ogni giorno di ritardo.'),
      paragraph('{/}'),
      paragraph([run('{#deposito == "Sì"} ')]),
      paragraph('Deposito', HEADING),
      paragraph('Il conduttore versa un deposito di tre mensilità.'),
      paragraph([run('{/'), run('} ', '00B4C5D6')]),
      paragraph('Servizi', HEADING),
      paragraph('{#servizi | contiene:"Pulizie"}Pulizia delle parti comuni{/}', BULLET),
      paragraph('{#servizi | contiene:"Giardino"}Cura del giardino{/} ', BULLET),
      paragraph(' {#servizi | contiene:"Portineria"}Portineria{/}', BULLET),
      paragraph('Foro competente', HEADING),
      paragraph('Foro di Milano.'),
    ].join(''),
  },
  lint: { errors: [], warnings: [] },
  renders: [
    {
      answers: { penale: 'No', deposito: 'No', servizi: ['Giardino'] },
      lines: [
        'Oggetto',
        'Il locatore concede in locazione l’immobile.',
        'Servizi',
        'Cura del giardino ',
        'Foro competente',
        'Foro di Milano.',
      ],
      pages: 1,
    },
    {
      answers: { penale: 'Sì', deposito: 'Sì', servizi: ['Pulizie', 'Portineria'] },
      lines: [
        'Oggetto',
        'Il locatore concede in locazione l’immobile.',
        'Penale',
        'Il conduttore paga una penale per ogni giorno di ritardo.',
        'Deposito',
        'Il conduttore versa un deposito di tre mensilità.',
        'Servizi',
        'Pulizia delle parti comuni',
        ' Portineria',
        'Foro competente',
        'Foro di Milano.',
      ],
      pages: 1,
    },
  ],
};
