import { isDeepStrictEqual } from 'node:util';
import { formatAnswer, isSameOption, straightenQuotes } from '@lexpath/shared';
import { formatEuro } from '@lexpath/shared/italian-formats';
import type { DXT } from 'docxtemplater';
import expressionParser from 'docxtemplater/expressions.js';
import { LruCache } from '../lib/lru-cache.ts';
import { agreementOf, agreePhrase } from './agreement.ts';
import { markParagraphs } from './long-text.ts';
import type { RenderChange } from './render-changes.ts';
import {
  addDays,
  addMonths,
  amountInWords,
  amountInWordsBefore2026,
  CalendarDate,
  daysBetween,
  formatAmount,
  formatDate,
  formatLongDate,
  formatNumber,
  monthsBetween,
  numberInWords,
  spanInWords,
  type TemplateQuestion,
  toCents,
  weekdayOf,
} from './typed-answers.ts';

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

/**
 * What one render knows besides its answers: the questions' types (for plain tags), the day of
 * generation (`oggi`) and the renderer's dated changes it applies (render-changes.ts; a bought
 * document gets those live when it was paid). docxtemplater renders synchronously and the parser
 * is shared by every render of the thread, so the context is set around one render and read by
 * its tags.
 */
export type RenderContext = {
  questions: readonly TemplateQuestion[];
  today: CalendarDate;
  changes?: ReadonlySet<RenderChange>;
  /** Set by a tag whose text holds a blank line: the render then splits its paragraphs. */
  markedParagraphs?: boolean;
};

let currentContext: RenderContext | undefined;

export function withRenderContext<T>(context: RenderContext, render: () => T): T {
  const previous = currentContext;
  currentContext = context;
  try {
    return render();
  } finally {
    currentContext = previous;
  }
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** Whether this render applies a dated change; outside a render (the lint), the newest form. */
const applies = (change: RenderChange): boolean => currentContext?.changes?.has(change) ?? true;

/** A writer per renderer: the legal form, or the one documents bought before it keep. */
const since =
  <T extends unknown[]>(
    change: RenderChange,
    current: (...args: T) => string,
    before: (...args: T) => string,
  ) =>
  (...args: T): string =>
    applies(change) ? current(...args) : before(...args);

/**
 * A total of amounts (`somma` over an `importo` field): a number that a plain tag prints as
 * money, `1.234,50`, as it prints the amounts it adds up.
 */
class Amount extends Number {}

/** A number, or an amount or number still written as text ("1234.50"); null otherwise. */
function asNumber(value: unknown): number | null {
  if (value instanceof Number) return value.valueOf();
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

function asDate(value: unknown): CalendarDate | null {
  if (value instanceof CalendarDate) return value;
  return typeof value === 'string' ? CalendarDate.fromIso(value) : null;
}

/** A filter reading a number: blank stays blank, anything else is written as it is. */
const onNumber =
  (write: (value: number) => string) =>
  (input: unknown): unknown => {
    const number = asNumber(input);
    return number === null ? (isBlank(input) ? '' : input) : write(number);
  };

const onDate =
  (write: (date: CalendarDate, by: number) => unknown) =>
  (input: unknown, by?: unknown): unknown => {
    const date = asDate(input);
    return date === null ? (isBlank(input) ? '' : input) : write(date, asNumber(by) ?? 0);
  };

const onText =
  (write: (text: string) => string) =>
  (input: unknown): unknown => {
    if (Array.isArray(input))
      return input.map((item) => (typeof item === 'string' ? write(item) : item));
    return typeof input === 'string'
      ? write(input)
      : isBlank(input)
        ? ''
        : write(writePlain(input));
  };

const countOf = (input: unknown) => (Array.isArray(input) ? input.length : (asNumber(input) ?? 0));

/** The distance between two dates; blank while either is unanswered. */
const betweenDates =
  (measure: (a: CalendarDate, b: CalendarDate) => unknown) =>
  (input: unknown, other?: unknown): unknown => {
    const [from, to] = [asDate(input), asDate(other)];
    return from && to ? measure(from, to) : '';
  };

/** An elenco's items as objects; anything else has none. */
const itemsOf = (input: unknown): Record<string, unknown>[] =>
  Array.isArray(input)
    ? input.filter((item): item is Record<string, unknown> => !!item && typeof item === 'object')
    : [];

/** An item's field equals the value, as a condition compares an answer with an option. */
const fieldIs = (item: Record<string, unknown>, field: unknown, value: unknown) => {
  const given = item[String(field)];
  if (given instanceof CalendarDate || typeof given === 'number')
    return String(given) === String(value);
  return typeof given === 'string' && typeof value === 'string'
    ? isSameOption(given, value)
    : given === value;
};

/** Whether every elenco that has the field types it as an amount: its total is money. */
function isAmountField(field: unknown): boolean {
  const lists = (currentContext?.questions ?? []).flatMap((question) =>
    question.type === 'elenco' ? (question.fields ?? []) : [],
  );
  const same = lists.filter((candidate) => candidate.variable === field);
  return same.length > 0 && same.every((candidate) => candidate.type === 'importo');
}

/** `massimo` / `minimo`: the largest or smallest number or date of a field; blank when none. */
const extreme =
  (pick: (a: number, b: number) => boolean) =>
  (input: unknown, field?: unknown): unknown => {
    let best: { key: number; value: unknown } | undefined;
    for (const item of itemsOf(input)) {
      const value = item[String(field)];
      const key = value instanceof CalendarDate ? value.getTime() : asNumber(value);
      if (key !== null && (best === undefined || pick(key, best.key))) best = { key, value };
    }
    if (best === undefined) return '';
    return typeof best.value === 'number' && isAmountField(field)
      ? new Amount(best.value)
      : best.value;
  };

/**
 * `rate` per cent of an amount in cents, rounded to the cent (half a cent away from zero), as an
 * invoice rounds each of its lines: 15 % of 1.750,50 is 262,58. Null without an amount or rate.
 */
function percentCents(input: unknown, rate: unknown): { base: number; share: number } | null {
  const amount = asNumber(input);
  const percent = asNumber(rate);
  if (amount === null || percent === null) return null;
  const base = toCents(amount);
  const exact = Number(((base * percent) / 100).toPrecision(15));
  return { base, share: Math.sign(exact) * Math.round(Math.abs(exact)) };
}

/** A value printed by a plain tag: dates and numbers in Italian, the rest as text. */
function writePlain(value: unknown, money = false): string {
  if (value instanceof CalendarDate) return formatDate(value);
  if (value instanceof Amount) return formatAmount(value.valueOf());
  if (typeof value === 'number') return money ? formatAmount(value) : formatNumber(value);
  return isBlank(value) ? '' : String(value);
}

/** The Italian filters (DESIGN §12); lint checks each against `FILTER_SIGNATURES`. */
export const TEMPLATE_FILTERS = {
  contiene,
  importo: onNumber(formatAmount),
  euro: onNumber(
    since(
      'legalAmounts',
      (value: number) => formatEuro(toCents(value)),
      (value: number) => `€ ${formatAmount(value)}`,
    ),
  ),
  importo_lettere: onNumber(since('legalAmounts', amountInWords, amountInWordsBefore2026)),
  numero_lettere: onNumber(numberInWords),
  percentuale: onNumber(
    since(
      'legalAmounts',
      (value: number) => `${formatNumber(value)}%`,
      (value: number) => `${formatNumber(value)} %`,
    ),
  ),
  data: onDate(formatDate),
  data_lunga: onDate(formatLongDate),
  aggiungi_giorni: onDate(addDays),
  aggiungi_mesi: onDate(addMonths),
  aggiungi_anni: onDate((date, years) => addMonths(date, years * 12)),
  oggi: () => currentContext?.today ?? CalendarDate.inItaly(new Date()),
  maiuscolo: onText((text) => text.toLocaleUpperCase('it-IT')),
  minuscolo: onText((text) => text.toLocaleLowerCase('it-IT')),
  elenco: (input: unknown, field?: unknown): unknown => {
    if (!Array.isArray(input)) return isBlank(input) ? '' : writePlain(input);
    const items = input.map((item) =>
      typeof field === 'string' && item && typeof item === 'object'
        ? (item as Record<string, unknown>)[field]
        : item,
    );
    return formatAnswer(items.map((item) => writePlain(item)).filter((item) => item !== ''));
  },
  plurale: (input: unknown, singular?: unknown, plural?: unknown): unknown =>
    countOf(input) === 1 ? (singular ?? '') : (plural ?? ''),
  numero_elementi: (input: unknown): number => countOf(input),
  giorni_tra: betweenDates(daysBetween),
  mesi_tra: betweenDates(monthsBetween),
  anni_tra: betweenDates((a, b) => Math.floor(monthsBetween(a, b) / 12)),
  durata: betweenDates(spanInWords),
  giorno_settimana: onDate(weekdayOf),
  /** Exact in cents: 0,10 + 0,20 is 0,30. */
  somma: (input: unknown, field?: unknown): unknown => {
    let cents = 0;
    for (const item of itemsOf(input)) cents += toCents(asNumber(item[String(field)]) ?? 0);
    return isAmountField(field) ? new Amount(cents / 100) : cents / 100;
  },
  conta: (input: unknown, field?: unknown, value?: unknown): number =>
    field === undefined
      ? countOf(input)
      : itemsOf(input).filter((item) => fieldIs(item, field, value)).length,
  tutti: (input: unknown, field?: unknown, value?: unknown): boolean => {
    const items = itemsOf(input);
    return items.length > 0 && items.every((item) => fieldIs(item, field, value));
  },
  almeno_uno: (input: unknown, field?: unknown, value?: unknown): boolean =>
    itemsOf(input).some((item) => fieldIs(item, field, value)),
  massimo: extreme((a, b) => a > b),
  minimo: extreme((a, b) => a < b),
  /**
   * `{imponibile | percento:22}`: the share of an amount, rounded to the cent, so a document's
   * lines (spese generali, CPA, IVA, ritenuta) add up to the totals it prints.
   */
  percento: (input: unknown, rate?: unknown): unknown => {
    const cents = percentCents(input, rate);
    return cents === null ? '' : new Amount(cents.share / 100);
  },
  /** `{compenso | maggiorato:15}`: the amount plus its share, the share rounded as `percento`. */
  maggiorato: (input: unknown, rate?: unknown): unknown => {
    const cents = percentCents(input, rate);
    return cents === null ? '' : new Amount((cents.base + cents.share) / 100);
  },
  /**
   * `{tipo | casella:"Immobile"}`: ☒ when the answer is (or, for a multiple choice, includes)
   * the option, else ☐; `{clausola | casella}` ticks a yes/no answer that is yes.
   */
  casella: (input: unknown, option?: unknown): string => {
    const ticked =
      option === undefined
        ? input === true || (typeof input === 'string' && /^s[iì]$/i.test(input.trim()))
        : contiene(input, option);
    return ticked ? '☒' : '☐';
  },
  /** `{codice_fiscale | carattere:1}`: one character, for the boxes of a form; blank past the end. */
  carattere: (input: unknown, position?: unknown): string => {
    const characters = [...writePlain(input)];
    const index = asNumber(position);
    return index !== null && Number.isInteger(index) && index >= 1
      ? (characters[index - 1] ?? '')
      : '';
  },
  /**
   * `{conduttori | accorda:"il conduttore"}`: the words said of a party in its gender and
   * number («la conduttrice», «i conduttori», «la società conduttrice»).
   */
  accorda: (input: unknown, phrase?: unknown): string =>
    typeof phrase === 'string' ? agreePhrase(phrase, agreementOf(input)) : '',
  /** `{nota | oppure:"—"}`: the answer, or the text given when it is unanswered. */
  oppure: (input: unknown, fallback?: unknown): unknown =>
    isBlank(input) || (Array.isArray(input) && input.length === 0) ? (fallback ?? '') : input,
} as const;

/** The kinds of value the lint tells apart (DESIGN §12). `altro`: cannot be told statically. */
export type ValueKind = 'numero' | 'importo' | 'data' | 'testo' | 'lista' | 'booleano' | 'altro';

/** For each filter: the kinds it reads, the kind it gives, how many options it takes. */
export const FILTER_SIGNATURES: Record<
  keyof typeof TEMPLATE_FILTERS,
  { input: readonly ValueKind[] | 'any'; output: ValueKind; options: [number, number] }
> = {
  contiene: { input: 'any', output: 'booleano', options: [1, 1] },
  importo: { input: ['numero', 'importo'], output: 'testo', options: [0, 0] },
  euro: { input: ['numero', 'importo'], output: 'testo', options: [0, 0] },
  importo_lettere: { input: ['numero', 'importo'], output: 'testo', options: [0, 0] },
  numero_lettere: { input: ['numero', 'importo'], output: 'testo', options: [0, 0] },
  percentuale: { input: ['numero', 'importo'], output: 'testo', options: [0, 0] },
  data: { input: ['data'], output: 'testo', options: [0, 0] },
  data_lunga: { input: ['data'], output: 'testo', options: [0, 0] },
  aggiungi_giorni: { input: ['data'], output: 'data', options: [1, 1] },
  aggiungi_mesi: { input: ['data'], output: 'data', options: [1, 1] },
  aggiungi_anni: { input: ['data'], output: 'data', options: [1, 1] },
  oggi: { input: 'any', output: 'data', options: [0, 0] },
  maiuscolo: { input: ['testo', 'lista'], output: 'testo', options: [0, 0] },
  minuscolo: { input: ['testo', 'lista'], output: 'testo', options: [0, 0] },
  elenco: { input: ['lista'], output: 'testo', options: [0, 1] },
  plurale: { input: ['lista'], output: 'testo', options: [2, 2] },
  numero_elementi: { input: ['lista'], output: 'numero', options: [0, 0] },
  giorni_tra: { input: ['data'], output: 'numero', options: [1, 1] },
  mesi_tra: { input: ['data'], output: 'numero', options: [1, 1] },
  anni_tra: { input: ['data'], output: 'numero', options: [1, 1] },
  durata: { input: ['data'], output: 'testo', options: [1, 1] },
  giorno_settimana: { input: ['data'], output: 'testo', options: [0, 0] },
  // The output of the list filters that read a field is the field's kind: see the lint.
  somma: { input: ['lista'], output: 'numero', options: [1, 1] },
  conta: { input: ['lista'], output: 'numero', options: [0, 2] },
  tutti: { input: ['lista'], output: 'booleano', options: [2, 2] },
  almeno_uno: { input: ['lista'], output: 'booleano', options: [2, 2] },
  massimo: { input: ['lista'], output: 'altro', options: [1, 1] },
  minimo: { input: ['lista'], output: 'altro', options: [1, 1] },
  percento: { input: ['numero', 'importo'], output: 'importo', options: [1, 1] },
  maggiorato: { input: ['numero', 'importo'], output: 'importo', options: [1, 1] },
  casella: { input: ['testo', 'lista'], output: 'testo', options: [0, 1] },
  carattere: { input: ['testo', 'numero'], output: 'testo', options: [1, 1] },
  oppure: { input: 'any', output: 'altro', options: [1, 1] },
  accorda: { input: ['lista', 'testo'], output: 'testo', options: [1, 1] },
};

/** Filters measuring from their date to the date named after the colon. */
export const DATE_SPAN_FILTERS: ReadonlySet<string> = new Set([
  'giorni_tra',
  'mesi_tra',
  'anni_tra',
  'durata',
]);

/** Filters reading a field of an elenco's items, named by the first option (`somma:"importo"`). */
export const LIST_FIELD_FILTERS: ReadonlySet<string> = new Set([
  'somma',
  'conta',
  'tutti',
  'almeno_uno',
  'massimo',
  'minimo',
]);

const IDENTIFIER = /[\p{L}_$][\p{L}\p{N}_$]*/gu;
/**
 * Whether a plain tag prints money, per question list: the same tag text reads an `importo` in
 * one template and a `numero` in another, so the answer belongs to the questions it came from.
 */
const moneyTagsByQuestions = new WeakMap<readonly TemplateQuestion[], Map<string, boolean>>();

/** The type of a key as a tag reads it: inside an `elenco` loop its fields come first. */
function typeOfKey(
  name: string,
  loops: readonly unknown[],
  questions: readonly TemplateQuestion[],
): string | undefined {
  for (let i = loops.length - 1; i >= 0; i -= 1) {
    const loop = questions.find((q) => q.variable === loops[i] && q.type === 'elenco');
    const field = loop?.fields?.find((f) => f.variable === name);
    if (field) return field.type;
  }
  return questions.find((q) => q.variable === name)?.type;
}

/**
 * Whether a number printed by a plain tag is money: the tag computes with an amount and no
 * filter chose another form (`{canone}`, `{canone * 3}` print `1.234,50`, `3.703,50`).
 */
function isMoneyTag(tag: string, loops: readonly unknown[]): boolean {
  const questions = currentContext?.questions;
  if (!questions || tag.includes('|')) return false;
  const cacheKey = `${loops.join('\u0000')}\u0001${tag}`;
  let moneyTags = moneyTagsByQuestions.get(questions);
  if (!moneyTags) {
    moneyTags = new Map();
    moneyTagsByQuestions.set(questions, moneyTags);
  }
  let money = moneyTags.get(cacheKey);
  if (money === undefined) {
    const names = tag
      .split(STRING_LITERAL)
      .flatMap((part, index) => (index % 2 === 1 ? [] : (part.match(IDENTIFIER) ?? [])));
    money = names.some((name) => typeOfKey(name, loops, questions) === 'importo');
    if (moneyTags.size > 10_000) moneyTags.clear();
    moneyTags.set(cacheKey, money);
  }
  return money;
}

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

type ParserContext = { meta?: { part?: { module?: string } }; scopePath?: unknown[] };

/**
 * A plain tag prints its value in Italian: a list as "a, b e c", a date as `23/11/2026`, an
 * amount as `1.234,50`, a number as `2,5`. Sections (`{#servizi}`) still get the value, so
 * they can loop over it or test it.
 */
function writeAsItalian(result: unknown, tag: string, _scope: unknown, context: ParserContext) {
  if (context?.meta?.part?.module !== undefined) {
    return result instanceof Amount ? result.valueOf() : result;
  }
  if (Array.isArray(result)) return formatAnswer(result.map(String));
  if (result instanceof CalendarDate) return formatDate(result);
  if (result instanceof Amount) return formatAmount(result.valueOf());
  if (typeof result === 'number') {
    return writePlain(result, isMoneyTag(tag, context?.scopePath ?? []));
  }
  if (typeof result === 'string' && result.includes('\n') && applies('longTextParagraphs')) {
    const marked = markParagraphs(result);
    if (marked !== result && currentContext) currentContext.markedParagraphs = true;
    return marked;
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
  postEvaluate: writeAsItalian,
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
  const known = compiledTags.get(tag);
  if (known) return known;
  const compiled = compileStraightening(tag, meta);
  compiledTags.set(tag, compiled);
  return compiled;
}

/**
 * Compiled tags by their text. docxtemplater asks the parser again for every tag of every
 * render (it caches per render only), and regrouping plus angular-expressions' compile cost
 * more than the rest of our render's overhead over plain docxtemplater (bench/typed-render).
 * A compiled tag depends on its text alone (the options ignore `meta`, the context is read at
 * evaluation) and holds no state, so one compilation serves every render of the thread; a
 * malformed tag throws and is never kept.
 */
const compiledTags = new LruCache<string, ExpressionTag>(8192);

function compileStraightening(tag: string, meta?: unknown): ExpressionTag {
  const parsed = compileTag(tag, meta);
  // Only a tag holding a text literal compares an answer with an option's wording; every other
  // tag (`{nome}`, `{#servizi}`, `{.}`) reads the answers as given, at no extra cost.
  if (!TEXT_LITERAL_QUOTE.test(tag)) return parsed;
  return {
    ...parsed,
    get(scope: unknown, context: DXT.ParserContext) {
      const straightScope = straightenAnswers(scope);
      const straightList = context.scopeList.map(straightenAnswers);
      if (straightScope === scope && straightList.every((s, i) => s === context.scopeList[i])) {
        return parsed.get(scope, context);
      }
      const compared = parsed.get(straightScope, { ...context, scopeList: straightList });
      // A condition's outcome (true, false, a count) holds no quotes to keep: the straightened
      // result is the answer, and the tag need not be evaluated a second time.
      if (compared === null || (typeof compared !== 'object' && typeof compared !== 'string')) {
        return compared;
      }
      const asGiven = parsed.get(scope, context);
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
