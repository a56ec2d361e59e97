import { isDeepStrictEqual } from 'node:util';
import { formatAnswer, isSameOption, straightenQuotes } from '@lexpath/shared';
import type { DXT } from 'docxtemplater';
import expressionParser from 'docxtemplater/expressions.js';

/**
 * The authoring language of DESIGN §6 on top of docxtemplater's expressions parser
 * (angular-expressions): `and` / `or`, the `contiene` filter, lists written as Italian
 * enumerations. Render and lint use this one parser, so what lint accepts is what renders.
 */

/** `{#servizi | contiene:"Pulizie"}`: a multiple-selection answer (or a single one) includes it. */
function contiene(input: unknown, option: unknown): boolean {
  const matches = (value: unknown) =>
    value === option ||
    (typeof value === 'string' && typeof option === 'string' && isSameOption(value, option));
  return Array.isArray(input) ? input.some(matches) : matches(input);
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

type ExpressionTag = ReturnType<ReturnType<typeof expressionParser.configure>>;

/** docxtemplater hands the parser the tag's metadata too (its types omit it). */
const compileTag = expressionParser.configure(options) as (
  tag: string,
  meta?: unknown,
) => ExpressionTag;

const straightenedCopies = new WeakMap<object, unknown>();

/**
 * The answers as the tags read them when comparing: the parser turns the tag's ’ ‘ “ ” into
 * straight quotes, so the answers' strings get the same treatment. A value without such quotes
 * is returned as it is; copies are kept per object, so a render copies its answers once. The
 * renderer's scope is a fresh copy for each render (see `answersScope`), so a kept copy never
 * outlives a change to the answers.
 */
function straightenAnswers(value: unknown): unknown {
  if (typeof value === 'string') return straightenQuotes(value);
  if (value === null || typeof value !== 'object') return value;
  const known = straightenedCopies.get(value);
  if (known !== undefined) return known;
  let copy: unknown = value;
  if (Array.isArray(value)) {
    const items = value.map(straightenAnswers);
    if (items.some((item, index) => item !== value[index])) copy = items;
  } else {
    const entries = Object.entries(value);
    const straightened = entries.map(([key, item]) => [key, straightenAnswers(item)] as const);
    if (straightened.some(([, item], index) => item !== entries[index]?.[1])) {
      copy = Object.assign(Object.create(null), Object.fromEntries(straightened));
    }
  }
  straightenedCopies.set(value, copy);
  return copy;
}

const TEXT_LITERAL_QUOTE = /["'‘’“”]/;

/**
 * docxtemplater's expressions parser, with apostrophes that compare equal whether Word made them
 * typographic or not: `{#arredo == "Sì, con l’arredamento"}` holds for the option written either
 * way. When the answers hold such quotes, a tag is evaluated on the answers as given and on their
 * straightened copy: the straightened result decides, and when both are the same text but for the
 * quotes (an inserted answer, a list to loop over) the answer is written as the lawyer chose it,
 * ’ included.
 */
export function templateParser(tag: string, meta?: unknown): ExpressionTag {
  const parsed = compileTag(tag, meta);
  // Only a tag holding a text literal compares an answer with an option's wording; every other
  // tag (`{nome}`, `{#servizi}`, `{.}`) reads the answers as given, at no extra cost.
  if (!TEXT_LITERAL_QUOTE.test(tag)) return parsed;
  return {
    ...parsed,
    get(scope: unknown, context: DXT.ParserContext) {
      const straightScope = straightenAnswers(scope);
      const straightList = context.scopeList.map(straightenAnswers);
      const asGiven = parsed.get(scope, context);
      if (straightScope === scope && straightList.every((s, i) => s === context.scopeList[i])) {
        return asGiven;
      }
      const compared = parsed.get(straightScope, { ...context, scopeList: straightList });
      return isDeepStrictEqual(straightenAnswers(asGiven), compared) ? asGiven : compared;
    },
  };
}

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
