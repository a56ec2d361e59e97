import { type CorpusCase, choice, lint, paragraph, problem } from '../corpus-case.ts';

const CONDITION = '{#tipo == ["Locazione", "Comodato"]}Il conduttore custodisce l’immobile.{/}';

/** An array literal to accept several answers: compares with a list, always false. */
export const elencoTraQuadre: CorpusCase = {
  slug: 'elenco-tra-quadre',
  description: 'An array literal in a condition: refused, with the «or» to write instead.',
  outcome: 'refused',
  questions: [choice('tipo', ['Locazione', 'Comodato', 'Vendita'])],
  master: { body: paragraph(CONDITION) },
  lint: {
    errors: [problem('body', '{#tipo == ["Locazione", "Comodato"]}', lint.arrayLiteral, CONDITION)],
    warnings: [],
  },
};
