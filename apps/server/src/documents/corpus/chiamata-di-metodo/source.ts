import { type CorpusCase, choice, lint, paragraph, problem } from '../corpus-case.ts';

const INDEX_OF = '{#servizi.indexOf("Pulizie") >= 0}Le pulizie sono comprese.{/}';
const LENGTH = 'Numero dei servizi: {servizi.length}.';

/** JavaScript methods and properties: answers have none, the condition is always false. */
export const chiamataDiMetodo: CorpusCase = {
  slug: 'chiamata-di-metodo',
  description: 'Method calls (.indexOf) and .length on an answer: refused, naming each tag.',
  outcome: 'refused',
  questions: [choice('servizi', ['Pulizie', 'Portineria', 'Giardino'], { multiple: true })],
  master: { body: [paragraph(INDEX_OF), paragraph(LENGTH)].join('') },
  lint: {
    errors: [
      problem(
        'body',
        '{#servizi.indexOf("Pulizie") >= 0}',
        lint.methodCall('servizi.indexOf(…)'),
        INDEX_OF,
      ),
      problem('body', '{servizi.length}', lint.lengthAccess('servizi'), LENGTH),
    ],
    warnings: [],
  },
};
