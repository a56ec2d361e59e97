import { type CorpusCase, choice, lint, paragraph, problem } from '../corpus-case.ts';

const SIGNATURE = 'Il cliente {{ nome_cliente }} firma il contratto.';

/**
 * Jinja's and docassemble's `{{ nome }}`: one message per tag with the single-brace tag to
 * write, not the fragments docxtemplater's delimiters make of it; the same tag in master and
 * preview is one message naming both files.
 */
export const doppieGraffe: CorpusCase = {
  slug: 'doppie-graffe',
  description: 'Double braces {{ nome }} in master and preview: one message naming both files.',
  outcome: 'refused',
  questions: [choice('nome_cliente', ['Mario Rossi', 'Anna Bianchi'])],
  master: {
    body: [paragraph('Contratto per {nome_cliente}.'), paragraph(SIGNATURE)].join(''),
    headers: { rIdH1: paragraph('Pratica {{nome_cliente}}') },
  },
  preview: { body: [paragraph('ANTEPRIMA'), paragraph(SIGNATURE)].join('') },
  lint: {
    errors: [
      problem(
        'header',
        '{{nome_cliente}}',
        lint.doubleBraces('nome_cliente'),
        'Pratica {{nome_cliente}}',
      ),
      problem(
        ['body', 'master', 'preview'],
        '{{ nome_cliente }}',
        lint.doubleBraces('nome_cliente'),
        SIGNATURE,
      ),
    ],
    warnings: [],
  },
};
