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

/**
 * `not` is an operator only before an operand (`not servizi | contiene:"x"`, `not (a or b)`);
 * elsewhere (`{not}`, `{#not == "x"}`) it still reads a key of that name, as it did before the
 * word was part of the language.
 */
const NOT_OPERATOR = /not(?![\p{L}\p{N}_$])(?=\s*(?:[\p{L}_$("']|!(?!=)))/uy;
const NAME_CHARACTER = /[\p{L}\p{N}_$.]/u;

function isNotOperator(text: string, at: number): boolean {
  if (NAME_CHARACTER.test(text[at - 1] ?? '')) return false;
  NOT_OPERATOR.lastIndex = at;
  return NOT_OPERATOR.test(text);
}

/** A tag's expression as nested groups: what lies inside brackets is one node of its level. */
type ExpressionNode =
  | { kind: 'text' | 'logical' | 'pipe' | 'ternary' | 'list' | 'not'; text: string }
  | { kind: 'group'; open: string; close: string; children: ExpressionNode[] };

const CLOSING: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** The nodes of an expression, or null when its quotes or brackets do not balance. */
function splitExpression(text: string): ExpressionNode[] | null {
  const root: ExpressionNode[] = [];
  const stack: { open: string; children: ExpressionNode[] }[] = [];
  let level = root;
  let plain = '';
  const flush = () => {
    if (plain) level.push({ kind: 'text', text: plain });
    plain = '';
  };
  const push = (node: ExpressionNode) => {
    flush();
    level.push(node);
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? '';
    const next = text[i + 1];
    if (char === '"' || char === "'") {
      let end = i + 1;
      while (end < text.length && text[end] !== char) end += text[end] === '\\' ? 2 : 1;
      if (end >= text.length) return null;
      plain += text.slice(i, end + 1);
      i = end;
    } else if (char in CLOSING) {
      flush();
      stack.push({ open: char, children: level });
      level = [];
    } else if (char === ')' || char === ']' || char === '}') {
      const opened = stack.pop();
      if (!opened || CLOSING[opened.open] !== char) return null;
      flush();
      const group: ExpressionNode = {
        kind: 'group',
        open: opened.open,
        close: char,
        children: level,
      };
      level = opened.children;
      level.push(group);
    } else if (
      (char === '&' && next === '&') ||
      (char === '|' && next === '|') ||
      (char === '?' && next === '?')
    ) {
      push({ kind: 'logical', text: char + next });
      i += 1;
    } else if (char === '|') {
      push({ kind: 'pipe', text: char });
    } else if (char === '?') {
      push({ kind: 'ternary', text: char });
    } else if (char === ',' || char === ';') {
      push({ kind: 'list', text: char });
    } else if (char === 'n' && isNotOperator(text, i)) {
      push({ kind: 'not', text: '!' });
      i += 2;
    } else {
      plain += char;
    }
  }
  if (stack.length > 0) return null;
  flush();
  return root;
}

/** `text` in parentheses, the spaces around it kept outside. */
function parenthesize(text: string): string {
  const trimmed = text.trim();
  const start = text.indexOf(trimmed);
  return `${text.slice(0, start)}(${trimmed})${text.slice(start + trimmed.length)}`;
}

const LEADING_NEGATION = /^(?:\s*!(?!=))+/;

/**
 * The nodes of one level written back, each `(…)` group regrouped too. At the top of a tag and
 * inside parentheses, the operands of `&&` / `||` (and the condition before `?`) are grouped
 * the way an editor reads them:
 * - a filter applies to its own operand: `servizi | contiene:"x" && a == "y"` becomes
 *   `(servizi | contiene:"x") && a == "y"`, and `!servizi | contiene:"x"` becomes
 *   `!(servizi | contiene:"x")`;
 * - `not` negates its whole operand: `not a == "x"` becomes `!(a == "x")`.
 * Array and object literals, call arguments and statement lists are left as written.
 */
function writeLevel(nodes: readonly ExpressionNode[], regroup: boolean): string {
  const written = nodes.map((node) =>
    node.kind === 'group'
      ? `${node.open}${writeLevel(node.children, node.open === '(')}${node.close}`
      : node.text,
  );
  const kinds = new Set(nodes.map((node) => node.kind));
  if (!regroup || kinds.has('list') || !(kinds.has('pipe') || kinds.has('not'))) {
    return written.join('');
  }
  const ternaryAt = nodes.findIndex((node) => node.kind === 'ternary');
  const conditionEnd = ternaryAt === -1 ? nodes.length : ternaryAt;
  const isBlank = (node: ExpressionNode | undefined) => node?.kind === 'text' && !node.text.trim();

  /** The operand made of nodes[from, to); `alone` when it is the whole tag. */
  const writeOperand = (from: number, to: number, alone: boolean): string => {
    let first = from;
    while (first < to && isBlank(nodes[first])) first += 1;
    const lead = written.slice(from, first).join('');
    if (nodes[first]?.kind === 'not' && first < to) {
      return `${lead}!${parenthesize(writeOperand(first + 1, to, true))}`;
    }
    const text = written.slice(from, to).join('');
    if (!nodes.slice(from, to).some((node) => node.kind === 'pipe')) return text;
    const negation = LEADING_NEGATION.exec(text)?.[0] ?? '';
    if (alone && !negation) return text;
    return negation + parenthesize(text.slice(negation.length));
  };

  const logicalAt = nodes.flatMap((node, index) =>
    node.kind === 'logical' && index < conditionEnd ? [index] : [],
  );
  const alone = logicalAt.length === 0 && ternaryAt === -1;
  let condition = '';
  let from = 0;
  for (const to of [...logicalAt, conditionEnd]) {
    condition += writeOperand(from, to, alone) + (written[to] ?? '');
    from = to + 1;
  }
  // `written[conditionEnd]` is the `?` when there is one: the choice follows as written.
  return condition + written.slice(conditionEnd + 1).join('');
}

/**
 * angular-expressions binds a filter loosest of all, so `servizi | contiene:"x" and a == "y"`
 * would test whether `servizi` contains `"x" and a == "y"`. The tag is regrouped before it is
 * compiled so that it means what an editor reads (see `writeLevel`). A tag without a filter or
 * `not` is compiled as written; one whose quotes or brackets do not balance is left for the
 * parser to report.
 */
function groupAsWritten(tag: string): string {
  if (!tag.includes('|') && !tag.includes('not')) return tag;
  const nodes = splitExpression(tag);
  return nodes ? writeLevel(nodes, true) : tag;
}

/** A tag of the authoring language in the parser's own syntax. */
export function precompileTag(tag: string): string {
  return groupAsWritten(rewriteWordOperators(tag));
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
  preCompile: precompileTag,
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
