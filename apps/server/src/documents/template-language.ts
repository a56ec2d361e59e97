import { formatAnswer } from '@lexpath/shared';
import type { DXT } from 'docxtemplater';
import expressionParser from 'docxtemplater/expressions.js';

/**
 * The authoring language of DESIGN §6 on top of docxtemplater's expressions parser
 * (angular-expressions): `and` / `or`, the `contiene` filter, lists written as Italian
 * enumerations. Render and lint use this one parser, so what lint accepts is what renders.
 */

/** `{#servizi | contiene:"Pulizie"}`: a multiple-selection answer (or a single one) includes it. */
function contiene(input: unknown, option: unknown): boolean {
  if (Array.isArray(input)) return input.includes(option);
  return input === option;
}

export const TEMPLATE_FILTERS = { contiene } as const;

// A word operator is a whole word: not part of a key like `candidato` or `prezzo_ordinario`.
const WORD_OPERATOR = /(?<![\p{L}\p{N}_$])(and|or)(?![\p{L}\p{N}_$])/gu;
const STRING_LITERAL = /("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/;

/** `a == "x" and b or c` → `a == "x" && b || c`, leaving string literals untouched. */
export function rewriteWordOperators(tag: string): string {
  return tag
    .split(STRING_LITERAL)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(WORD_OPERATOR, (operator) => (operator === 'and' ? '&&' : '||')),
    )
    .join('');
}

type ParserContext = { meta?: { part?: { module?: string } } };

/**
 * A plain `{servizi}` holding a list prints "a, b e c"; sections (`{#servizi}`) still get the
 * list, so they can loop over it or test it.
 */
function writeListsAsItalian(
  result: unknown,
  _tag: string,
  _scope: unknown,
  context: ParserContext,
) {
  if (Array.isArray(result) && context?.meta?.part?.module === undefined) {
    return formatAnswer(result.map(String));
  }
  return result;
}

type ParserOptions = Parameters<typeof expressionParser.configure>[0] & {
  /** Documented since docxtemplater 3.6x, not yet in its type definitions. */
  preCompile?: (tag: string) => string;
};

const options: ParserOptions = {
  filters: TEMPLATE_FILTERS,
  preCompile: rewriteWordOperators,
  postEvaluate: writeListsAsItalian,
};

export const templateParser = expressionParser.configure(options);

/** The syntax tree of a tag as the renderer compiles it; throws on a malformed expression. */
export function parseTagExpression(tag: string): unknown {
  return templateParser(tag).compiled?.ast;
}

/**
 * docxtemplater's options for every master and preview: paragraph-level tags remove their
 * paragraph, `\n` in an answer is a line break, and an unanswered key is empty, never
 * "undefined". Errors are thrown (and turned into Italian), not logged to the console.
 */
export const TEMPLATER_OPTIONS = {
  paragraphLoop: true,
  linebreaks: true,
  parser: templateParser,
  nullGetter: () => '',
  errorLogging: false,
} satisfies DXT.ConstructorOptions;
