import {
  formatAnswer,
  formatIban,
  formatTelefono,
  isCanonicalTelefono,
  isValidIban,
} from '@lexpath/shared';
import {
  formatAmount as formatCents,
  formatLongDate as formatItalianLongDate,
  formatShortDate,
  groupThousands,
  amountInWords as legalAmountInWords,
} from '@lexpath/shared/italian-formats';
import { toCardinal } from 'n2words/it-IT';

/**
 * Typed answers as the template expressions read them (DESIGN §12): amounts and numbers as
 * numbers, dates as calendar dates, an `elenco` as a list of objects with typed fields. A
 * question without `type` keeps its answer exactly as stored, so the SPEC's templates render as
 * before.
 */

/**
 * What the renderer and the lint read of a question. The shared question type gains these
 * fields in issue 11; this is the part the document engine needs.
 */
export type TemplateField = {
  variable: string;
  type?: string;
  is_multiple_selection?: boolean;
  options?: readonly string[];
  /** `false`: the answer may be missing (`null`). */
  obbligatoria?: boolean;
  /** A question's conditions: when it has some, its answer may be missing. */
  required_answers?: readonly unknown[];
};
export type TemplateQuestion = TemplateField & { fields?: readonly TemplateField[] };

/** Canonical answers by key: strings, lists of strings, an `elenco`'s list of objects. */
export type TemplateAnswers = Readonly<Record<string, unknown>>;

/** "YYYY-MM-DD" in Rome. Built once: constructing an Intl formatter costs about a millisecond. */
const ISO_DAY_IN_ROME = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' });

/** A day of the calendar: a Date at UTC midnight that compares with `<`, `>` and `==` "YYYY-MM-DD". */
export class CalendarDate extends Date {
  static of(year: number, month: number, day: number): CalendarDate {
    return new CalendarDate(Date.UTC(year, month - 1, day));
  }

  /** "2026-11-23" as a date; null when it is not a real day. */
  static fromIso(text: string): CalendarDate | null {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    if (!match) return null;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = CalendarDate.of(year, month, day);
    return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
  }

  /** The day it is in Italy at that instant: the document's generation date. */
  static inItaly(instant: Date): CalendarDate {
    const iso = ISO_DAY_IN_ROME.format(instant);
    return CalendarDate.fromIso(iso) ?? CalendarDate.of(1970, 1, 1);
  }

  get year(): number {
    return this.getUTCFullYear();
  }
  get month(): number {
    return this.getUTCMonth() + 1;
  }
  get day(): number {
    return this.getUTCDate();
  }

  /** The canonical form: `==` with a text compares with it. */
  override toString(): string {
    return `${String(this.year).padStart(4, '0')}-${pad2(this.month)}-${pad2(this.day)}`;
  }
}

const pad2 = (value: number) => String(value).padStart(2, '0');

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return CalendarDate.of(date.year, date.month, date.day + days);
}

/** Calendar months: 31 January + 1 month is the last day of February, never 2 or 3 March. */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return CalendarDate.of(year, month, Math.min(date.day, lastDay));
}

const DAY_MS = 86_400_000;

/** The two days in calendar order. */
function inOrder(a: CalendarDate, b: CalendarDate): [CalendarDate, CalendarDate] {
  return a.getTime() <= b.getTime() ? [a, b] : [b, a];
}

/** Days from one day to the other, whichever comes first. */
export function daysBetween(a: CalendarDate, b: CalendarDate): number {
  const [from, to] = inOrder(a, b);
  return Math.round((to.getTime() - from.getTime()) / DAY_MS);
}

/**
 * Whole calendar months from the earlier day to the later, as `aggiungi_mesi` counts them:
 * 31 January to 28 February is one month, 15 March to 14 April none.
 */
export function monthsBetween(a: CalendarDate, b: CalendarDate): number {
  const [from, to] = inOrder(a, b);
  const months = (to.year - from.year) * 12 + (to.month - from.month);
  return addMonths(from, months).getTime() > to.getTime() ? months - 1 : months;
}

const unit = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** «4 anni e 6 mesi», «1 anno, 2 mesi e 3 giorni», «10 giorni»: a span as a contract says it. */
export function spanInWords(a: CalendarDate, b: CalendarDate): string {
  const [from, to] = inOrder(a, b);
  const months = monthsBetween(from, to);
  const days = daysBetween(addMonths(from, months), to);
  const parts = [
    ...(months >= 12 ? [unit(Math.floor(months / 12), 'anno', 'anni')] : []),
    ...(months % 12 ? [unit(months % 12, 'mese', 'mesi')] : []),
    ...(days || months === 0 ? [unit(days, 'giorno', 'giorni')] : []),
  ];
  return formatAnswer(parts);
}

const WEEKDAYS = ['domenica', 'lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato'];

export function weekdayOf(date: CalendarDate): string {
  return WEEKDAYS[date.getUTCDay()] ?? '';
}

const TYPED = new Set(['numero', 'importo', 'data', 'elenco', 'iban', 'telefono']);

/** One canonical answer as the expressions read it; text types stay strings. */
function typedValue(type: string | undefined, value: unknown, fields?: readonly TemplateField[]) {
  if (type === undefined || !TYPED.has(type)) return value;
  if (type === 'numero' || type === 'importo') {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
    return Number.isFinite(number) ? number : value;
  }
  if (type === 'data') return (typeof value === 'string' && CalendarDate.fromIso(value)) || value;
  // Stored compact, printed as a bank or a letterhead writes them: «IT60 X054 2811 …», «+39 06…».
  if (type === 'iban')
    return typeof value === 'string' && isValidIban(value) ? formatIban(value) : value;
  if (type === 'telefono') {
    return typeof value === 'string' && isCanonicalTelefono(value) ? formatTelefono(value) : value;
  }
  if (!Array.isArray(value)) return value;
  return value.map((item) => {
    if (item === null || typeof item !== 'object') return item;
    const typed = Object.create(null) as Record<string, unknown>;
    for (const [key, fieldValue] of Object.entries(item)) {
      const field = fields?.find((f) => f.variable === key);
      typed[key] = field?.type === 'elenco' ? fieldValue : typedValue(field?.type, fieldValue);
    }
    return typed;
  });
}

/**
 * The answers with their types: the scope the renderer hands the template. Object.create(null):
 * a key like `constructor` must read the answers, not Object's prototype. Lists are copied too:
 * the parser keeps straightened copies of the scope's objects (see `templateParser`), which must
 * not outlive this render.
 */
export function typedScope(
  answers: TemplateAnswers,
  questions: readonly TemplateQuestion[],
): Record<string, unknown> {
  const byKey = new Map(questions.map((question) => [question.variable, question]));
  const scope = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(answers)) {
    const question = byKey.get(key);
    const typed = question ? typedValue(question.type, value, question.fields) : value;
    scope[key] = Array.isArray(typed) && typed === value ? [...typed] : typed;
  }
  return scope;
}

/**
 * A number computed from amounts, in integer cents. Two-decimal amounts are exact in cents but
 * not in binary (0.1 + 0.2 = 0.30000000000000004): the 15 significant digits a double holds
 * exactly are kept before rounding, so such drift never moves a cent and a true half cent
 * (1.005) rounds up.
 */
export function toCents(amount: number): number {
  const cents = Number((amount * 100).toPrecision(15));
  return Math.sign(cents) * Math.round(Math.abs(cents));
}

/** `1.234,50`: an amount as the documents print it, exact to the cent. */
export function formatAmount(amount: number): string {
  return formatCents(toCents(amount));
}

/** `2,5`, `1.234`: a number as an Italian reads it, without binary noise. */
export function formatNumber(value: number): string {
  const [integer = '0', decimals] = String(Number(value.toPrecision(15)))
    .replace('-', '')
    .split('.');
  if (/e/i.test(integer)) return String(value);
  return `${value < 0 ? '-' : ''}${groupThousands(integer)}${decimals ? `,${decimals}` : ''}`;
}

/**
 * The legal «in lettere» form, `milleduecentotrentaquattro/50`, one word and no «e» (see the
 * shared `amountInWords`).
 */
export function amountInWords(amount: number): string {
  return legalAmountInWords(toCents(amount));
}

/**
 * How `importo_lettere` wrote amounts before the legal form (n2words: «un milione», «duemila e
 * …»): documents bought until then download with it (render-changes.ts).
 */
export function amountInWordsBefore2026(amount: number): string {
  const cents = Math.abs(toCents(amount));
  const words = toCardinal(Math.floor(cents / 100));
  return `${toCents(amount) < 0 ? 'meno ' : ''}${words}/${pad2(cents % 100)}`;
}

export function numberInWords(value: number): string {
  return toCardinal(Number(value.toPrecision(15)));
}

/** `23/11/2026`. */
export function formatDate(date: CalendarDate): string {
  return formatShortDate(date);
}

/** `23 novembre 2026`; the first of the month `1°`. */
export function formatLongDate(date: CalendarDate): string {
  return formatItalianLongDate(date);
}
