/**
 * Typed answers (DESIGN §12): per type, what the lawyer types in Italian → the canonical form the
 * wire and the database carry → what the summary shows; and the server's check of a canonical
 * answer, with an Italian message naming the question. Pure functions, no floating point on
 * amounts (cents as integers, decimals compared as digit strings).
 */
import {
  formatEuro,
  formatShortDate,
  groupThousands,
  parseEuro,
  splitItalianNumber,
} from './italian-formats.ts';
import { it } from './messages/it.ts';
import { centsToDecimal } from './money.ts';
import {
  formatIban,
  formatTelefono,
  isCanonicalCap,
  isCanonicalOra,
  isCanonicalProvincia,
  isCanonicalTelefono,
  isValidIban,
  normalizeCap,
  normalizeIban,
  normalizeOra,
  normalizeProvincia,
  normalizeTelefono,
} from './small-types.ts';

/** A parse result: the canonical answer, or the Italian reason the input is not one. */
export type Parsed = { ok: true; value: string } | { ok: false; error: string };

const ok = (value: string): Parsed => ({ ok: true, value });
const fail = (error: string): Parsed => ({ ok: false, error });

/** The most characters of a one-line and of a long text answer. */
export const TEXT_MAX_LENGTH = 300;
export const LONG_TEXT_MAX_LENGTH = 4000;

/** A canonical decimal: "3", "-2.5"; no leading zeros, no trailing decimal zeros. */
const CANONICAL_DECIMAL = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;

/** Compares two canonical decimals exactly (no floating point): -1, 0 or 1. */
export function compareDecimals(a: string, b: string): number {
  const negA = a.startsWith('-');
  const negB = b.startsWith('-');
  const zero = (x: string) => /^-?0(\.0*)?$/.test(x);
  if (negA !== negB && !(zero(a) && zero(b))) return negA ? -1 : 1;
  const [ua = '', da = ''] = a.replace('-', '').split('.');
  const [ub = '', db = ''] = b.replace('-', '').split('.');
  const width = Math.max(da.length, db.length);
  const x = BigInt(ua + da.padEnd(width, '0'));
  const y = BigInt(ub + db.padEnd(width, '0'));
  const magnitude = x === y ? 0 : x > y ? 1 : -1;
  return negA ? -magnitude : magnitude;
}

/** A limit from the question (a JSON number) as a canonical decimal string. */
export function decimalOf(limit: number): string {
  // Limits are written by editors ("min": 0.5): their shortest decimal form is what they wrote.
  const text = String(limit);
  if (/e/i.test(text)) return limit.toFixed(20).replace(/\.?0+$/, '');
  return text;
}

// ---------------------------------------------------------------------------------------------
// numero

/** "2,5" / "1.234" / "-3" → "2.5" / "1234" / "-3". */
export function parseNumero(input: string): Parsed {
  const parts = splitItalianNumber(input.trim());
  if (!parts || parts.units.length > 15) return fail(it.answers.typedNumber);
  const decimals = parts.decimals.replace(/0+$/, '');
  const magnitude = decimals ? `${parts.units}.${decimals}` : parts.units;
  return ok(parts.negative && magnitude !== '0' ? `-${magnitude}` : magnitude);
}

/** "1234.5" → "1.234,5". */
export function formatNumero(canonical: string): string {
  const negative = canonical.startsWith('-');
  const [units = '', decimals] = canonical.replace('-', '').split('.');
  const grouped = groupThousands(units);
  return `${negative ? '-' : ''}${grouped}${decimals ? `,${decimals}` : ''}`;
}

export function isCanonicalNumero(value: string): boolean {
  return CANONICAL_DECIMAL.test(value) && value !== '-0' && value.replace(/[-.]/g, '').length <= 30;
}

// ---------------------------------------------------------------------------------------------
// importo (euro, two decimals, never negative)

/** "1.234,5 €" / "€ 1234" / "1234.5" → "1234.50" (see `parseEuro`). */
export function parseImporto(input: string): Parsed {
  const parsed = parseEuro(input);
  return parsed.ok ? ok(centsToAmount(parsed.cents)) : fail(parsed.error);
}

const CANONICAL_AMOUNT = /^(0|[1-9]\d{0,12})\.\d{2}$/;

export function isCanonicalImporto(value: string): boolean {
  return CANONICAL_AMOUNT.test(value);
}

/** "1234.50" → 123450 (integer cents). */
export function amountToCents(canonical: string): number {
  const [units = '0', decimals = '00'] = canonical.split('.');
  return Number(units) * 100 + Number(decimals);
}

/** 123450 → "1234.50": the canonical amount is the decimal form payments carry too. */
export const centsToAmount: (cents: number) => string = centsToDecimal;

/** "1234.50" → "1.234,50 €" (see `formatEuro`). */
export function formatImporto(canonical: string): string {
  return formatEuro(amountToCents(canonical));
}

// ---------------------------------------------------------------------------------------------
// data

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** "23/11/2026", "1-3-2026", "23.11.2026" or the picker's "2026-11-23" → "2026-11-23". */
export function parseData(input: string): Parsed {
  const text = input.trim();
  const italian = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = italian
    ? isoDate(Number(italian[3]), Number(italian[2]), Number(italian[1]))
    : iso
      ? isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]))
      : null;
  return date ? ok(date) : fail(it.answers.typedDate);
}

export function isCanonicalData(value: string): boolean {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return iso !== null && isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3])) === value;
}

/** "2026-11-23" → "23/11/2026". */
export const formatData: (canonical: string) => string = formatShortDate;

/** Built once: constructing an Intl formatter costs about a millisecond, per answer checked. */
const ISO_DAY_IN_ROME = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Italy, "YYYY-MM-DD": what a relative limit `oggi` means. */
export function todayInItaly(now: Date = new Date()): string {
  return ISO_DAY_IN_ROME.format(now);
}

/** A date limit of a question: "YYYY-MM-DD", or `oggi` (the day of the check). */
export const TODAY_LIMIT = 'oggi';

// ---------------------------------------------------------------------------------------------
// codice fiscale and partita IVA

const ODD_VALUES: Readonly<Record<string, number>> = (() => {
  // The check character's table for the 1st, 3rd, … characters (DM 23/12/1976): digits share the
  // values of the letters in the same position of the alphabet.
  const values = [
    1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
  ];
  const table: Record<string, number> = {};
  values.forEach((value, index) => {
    table[String.fromCharCode(65 + index)] = value;
    if (index < 10) table[String(index)] = value;
  });
  return table;
})();

/** The value of a character in an even position (2nd, 4th, …): A/0 = 0 … Z = 25. */
function evenValue(char: string): number {
  return /\d/.test(char) ? Number(char) : char.charCodeAt(0) - 65;
}

/** The check character of the first 15 characters of a codice fiscale. */
export function codiceFiscaleCheckCharacter(first15: string): string {
  let sum = 0;
  for (let index = 0; index < 15; index += 1) {
    const char = first15[index] ?? '';
    // Positions count from 1: index 0 is the first, an odd position.
    sum += index % 2 === 0 ? (ODD_VALUES[char] ?? 0) : evenValue(char);
  }
  return String.fromCharCode(65 + (sum % 26));
}

/**
 * Letters that replace digits when two people would share a code (omocodia): 0 → L … 9 → V,
 * from the rightmost digit of the seven numeric positions.
 */
export const OMOCODIA_LETTERS = 'LMNPQRSTUV';

/** The seven positions (0-based) that hold digits, or their omocodia letters. */
export const CODICE_FISCALE_DIGIT_POSITIONS = [6, 7, 9, 10, 12, 13, 14] as const;

const PERSON_CODE =
  /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

function omocodiaDigit(char: string): string {
  const index = OMOCODIA_LETTERS.indexOf(char);
  return index >= 0 ? String(index) : char;
}

/** A person's 16-character code: shape, day of birth (1–31, +40 for women) and check character. */
export function isValidPersonCode(code: string): boolean {
  if (!PERSON_CODE.test(code)) return false;
  const day = Number(omocodiaDigit(code[9] ?? '') + omocodiaDigit(code[10] ?? ''));
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return false;
  return codiceFiscaleCheckCharacter(code.slice(0, 15)) === code[15];
}

/** The check digit of the first 10 digits of a partita IVA (a Luhn variant). */
export function partitaIvaCheckDigit(first10: string): string {
  let sum = 0;
  for (let index = 0; index < 10; index += 1) {
    const digit = Number(first10[index]);
    if (index % 2 === 0) {
      sum += digit;
    } else {
      const doubled = digit * 2;
      sum += doubled > 9 ? doubled - 9 : doubled;
    }
  }
  return String((10 - (sum % 10)) % 10);
}

export function isValidPartitaIva(code: string): boolean {
  return /^\d{11}$/.test(code) && partitaIvaCheckDigit(code.slice(0, 10)) === code[10];
}

/** A codice fiscale: a person's 16 characters, or a company's 11 digits (its partita IVA). */
export function isValidCodiceFiscale(code: string): boolean {
  return code.length === 11 ? isValidPartitaIva(code) : isValidPersonCode(code);
}

/** "rssmra 85t10 a562s" → "RSSMRA85T10A562S". */
export function parseCodiceFiscale(input: string): Parsed {
  const code = input.replace(/[\s.-]/g, '').toUpperCase();
  return isValidCodiceFiscale(code) ? ok(code) : fail(it.answers.typedCodiceFiscale);
}

/** "IT 012 3456 7890" → "01234567890" (spaces and the country prefix dropped). */
export function parsePartitaIva(input: string): Parsed {
  const code = input.replace(/[\s.-]/g, '').replace(/^IT/i, '');
  return isValidPartitaIva(code) ? ok(code) : fail(it.answers.typedPartitaIva);
}

// ---------------------------------------------------------------------------------------------
// email

/** One address: a local part and a domain with a dot, no spaces; as RFC 5321 bounds it. */
const EMAIL =
  /^[^\s@"(),:;<>[\\\]]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;

export function isCanonicalEmail(value: string): boolean {
  return value.length <= 254 && value === value.toLowerCase() && EMAIL.test(value);
}

export function parseEmail(input: string): Parsed {
  const address = input.trim().toLowerCase();
  return isCanonicalEmail(address) ? ok(address) : fail(it.answers.typedEmail);
}

// ---------------------------------------------------------------------------------------------
// testo, testo_lungo

export function parseTesto(input: string, maxLength = TEXT_MAX_LENGTH): Parsed {
  // One line: a pasted line break becomes a space, as the one-line field shows it.
  const text = input.replace(/\s*[\r\n]+\s*/g, ' ').trim();
  if (text.length === 0) return fail(it.answers.typedTextEmpty);
  if (text.length > maxLength) return fail(it.answers.typedTextTooLong(maxLength));
  return ok(text);
}

export function parseTestoLungo(input: string): Parsed {
  const text = input.replace(/\r\n?/g, '\n').trim();
  if (text.length === 0) return fail(it.answers.typedTextEmpty);
  if (text.length > LONG_TEXT_MAX_LENGTH)
    return fail(it.answers.typedTextTooLong(LONG_TEXT_MAX_LENGTH));
  return ok(text);
}

// ---------------------------------------------------------------------------------------------
// Per question: parse, format, validate

/** The most items of any `elenco`, and of one with no `max_items`. */
export const ELENCO_MAX_ITEMS = 50;

/** The parts of a question the answer checks read; a parsed question always fits. */
export type AnswerRules = {
  variable: string;
  question?: string;
  type?: string;
  options?: readonly string[];
  is_multiple_selection?: boolean;
  max_length?: number;
  min?: number | string;
  max?: number | string;
  decimals?: number;
  pec?: boolean;
  fields?: readonly AnswerRules[];
  min_items?: number;
  max_items?: number;
  label_singolare?: string;
  label_plurale?: string;
  /** `false`: the question may be left without an answer (`null`); absent means required. */
  obbligatoria?: boolean;
};

/** Whether a question must be answered: only `obbligatoria: false` makes it optional. */
export function isRequired(question: Pick<AnswerRules, 'obbligatoria'>): boolean {
  return question.obbligatoria !== false;
}

/** The answer a question takes: an option, options, canonical text, or the items of an elenco. */
type AnyAnswer =
  | null
  | string
  | readonly string[]
  | readonly Readonly<Record<string, string | readonly string[] | null>>[];

export function isChoice(question: Pick<AnswerRules, 'type'>): boolean {
  return question.type === undefined || question.type === 'scelta';
}

/** How messages name a question: its text, or its key when the text is empty. */
export function labelOf(question: Pick<AnswerRules, 'question' | 'variable'>): string {
  return question.question?.trim() || question.variable;
}

/** "il conduttore", 2 → "Conduttore 2": the item's name in messages and on the screens. */
export function itemLabel(
  question: Pick<AnswerRules, 'label_singolare' | 'variable'>,
  position: number,
): string {
  const singular = (question.label_singolare ?? question.variable)
    .trim()
    .replace(/^(il|lo|la|i|gli|le|un|uno|una)\s+|^(l|un)['’]\s*/i, '');
  const named = singular.charAt(0).toUpperCase() + singular.slice(1);
  return it.answers.itemLabel(named, position);
}

/**
 * "il conduttore" → "un altro conduttore", "la parte" → "un’altra parte": the article of the
 * singular label gives the gender; an elided one ("l’inquilina") takes it from the plural's
 * ("le inquiline"). Without a label, masculine, as Italian's default.
 */
export function anotherItem(
  question: Pick<AnswerRules, 'label_singolare' | 'label_plurale' | 'variable'>,
): string {
  const singular = (question.label_singolare ?? question.variable).trim();
  const noun = singular.replace(/^(il|lo|la|i|gli|le|un|uno|una)\s+|^(l|un)['’]\s*/i, '');
  const feminine =
    /^(la|una)\s/i.test(singular) ||
    (/^l['’]/i.test(singular) && /^le\s/i.test(question.label_plurale?.trim() ?? ''));
  const lower = noun.charAt(0).toLowerCase() + noun.slice(1);
  return feminine ? it.answers.anotherFeminine(lower) : it.answers.anotherMasculine(lower);
}

const parsedOr = (value: string | null, error: string): Parsed =>
  value === null ? fail(error) : ok(value);

/**
 * What the lawyer typed, in Italian, as the canonical answer (or the reason it is not one). A
 * `scelta` or an `elenco` is chosen and composed, not typed: the text is returned as it is.
 */
export function parseItalian(question: AnswerRules, input: string): Parsed {
  switch (question.type) {
    case 'testo':
      return parseTesto(input, question.max_length);
    case 'testo_lungo':
      return parseTestoLungo(input);
    case 'numero':
      return parseNumero(input);
    case 'importo':
      return parseImporto(input);
    case 'data':
      return parseData(input);
    case 'codice_fiscale':
      return parseCodiceFiscale(input);
    case 'partita_iva':
      return parsePartitaIva(input);
    case 'email':
      return parseEmail(input);
    case 'cap':
      return parsedOr(normalizeCap(input), it.answers.typedCap);
    case 'provincia':
      return parsedOr(normalizeProvincia(input), it.answers.typedProvincia);
    case 'iban':
      return parsedOr(normalizeIban(input), it.answers.typedIban);
    case 'telefono':
      return parsedOr(normalizeTelefono(input), it.answers.typedTelefono);
    case 'ora':
      return parsedOr(normalizeOra(input), it.answers.typedOra);
    default:
      return ok(input);
  }
}

/** A list as an Italian sentence reads it: "a, b e c". */
export function joinItalian(values: readonly string[]): string {
  if (values.length <= 1) return values[0] ?? '';
  return `${values.slice(0, -1).join(', ')} e ${values[values.length - 1]}`;
}

/**
 * A canonical answer as the summary shows it: "1.234,50 €", "2,5", "23/11/2026"; codes and texts
 * as stored; a list of options as "a, b e c"; an `elenco` item by item ("Conduttore 1: …; …").
 */
export function formatItalian(question: AnswerRules, value: AnyAnswer | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') {
    switch (question.type) {
      case 'numero':
        return isCanonicalNumero(value) ? formatNumero(value) : value;
      case 'importo':
        return isCanonicalImporto(value) ? formatImporto(value) : value;
      case 'data':
        return isCanonicalData(value) ? formatData(value) : value;
      case 'iban':
        return isValidIban(value) ? formatIban(value) : value;
      case 'telefono':
        return isCanonicalTelefono(value) ? formatTelefono(value) : value;
      default:
        return value;
    }
  }
  if (question.type === 'elenco') {
    const items = value as readonly Readonly<Record<string, string | readonly string[] | null>>[];
    return items
      .map((item, index) => {
        const parts = (question.fields ?? []).map((field) =>
          formatItalian(
            field,
            Object.hasOwn(item, field.variable) ? item[field.variable] : undefined,
          ),
        );
        return `${itemLabel(question, index + 1)}: ${parts.filter((part) => part !== '').join(', ')}`;
      })
      .join('; ');
  }
  return joinItalian(value as readonly string[]);
}

/** A date limit of the question as a date: `oggi` is the day of the check. */
function dateLimit(limit: number | string | undefined, today: string): string | undefined {
  if (limit === undefined) return undefined;
  return limit === TODAY_LIMIT ? today : String(limit);
}

export type CheckContext = {
  /** How messages name the question; its text by default. */
  label?: string;
  /** Today's date for `oggi` limits, "YYYY-MM-DD"; today in Italy by default. */
  today?: string;
};

/**
 * How messages name the question being checked, computed only when one is written: every
 * questionnaire step checks each answer given so far, and almost all of them are fine.
 */
type LabelOf = () => string;

function choiceProblems(question: AnswerRules, value: unknown, label: LabelOf): string[] {
  if (question.is_multiple_selection) {
    if (!Array.isArray(value) || value.length === 0)
      return [it.questions.answerListExpected(label())];
  } else if (typeof value !== 'string') {
    return [it.questions.answerSingleExpected(label())];
  }
  const options = question.options ?? [];
  const problems: string[] = [];
  const seen = new Set<unknown>();
  for (const item of typeof value === 'string' ? [value] : (value as unknown[])) {
    if (typeof item !== 'string' || !options.includes(item)) {
      problems.push(it.questions.answerNotAnOption(label(), String(item)));
    } else if (seen.has(item)) {
      problems.push(it.questions.answerRepeated(label(), item));
    }
    seen.add(item);
  }
  return problems;
}

/** Limits are euros as the editor wrote them; compared in cents, rounded to the cent. */
const limitCents = (limit: number) => Math.round(limit * 100);

/**
 * The bounds of an `importo` or a `data` whose question sets none on that side: beyond them an
 * answer is a slip of the keyboard (9999-12-31, thirteen digits), not a contract's.
 */
export const DEFAULT_AMOUNT_MAX_CENTS = 99_999_999_999;
export const DEFAULT_DATE_MIN = '1900-01-01';
export const DEFAULT_DATE_MAX = '2200-12-31';

function textProblem(question: AnswerRules, value: string, label: LabelOf): string | null {
  switch (question.type) {
    case 'testo': {
      const max = question.max_length ?? TEXT_MAX_LENGTH;
      if (/[\r\n]/.test(value)) return it.answers.textOneLine(label());
      if (value !== value.trim() || value.length === 0 || value.length > max)
        return it.answers.textLength(label(), max);
      return null;
    }
    case 'testo_lungo':
      return value !== value.trim() || value.length === 0 || value.length > LONG_TEXT_MAX_LENGTH
        ? it.answers.textLength(label(), LONG_TEXT_MAX_LENGTH)
        : null;
    case 'numero': {
      if (!isCanonicalNumero(value)) return it.answers.numberInvalid(label());
      const decimals = value.split('.')[1]?.length ?? 0;
      if (question.decimals !== undefined && decimals > question.decimals)
        return it.answers.numberDecimals(label(), question.decimals);
      if (typeof question.min === 'number' && compareDecimals(value, decimalOf(question.min)) < 0)
        return it.answers.belowMin(label(), formatNumero(decimalOf(question.min)));
      if (typeof question.max === 'number' && compareDecimals(value, decimalOf(question.max)) > 0)
        return it.answers.aboveMax(label(), formatNumero(decimalOf(question.max)));
      return null;
    }
    case 'importo': {
      if (!isCanonicalImporto(value)) return it.answers.amountInvalid(label());
      const cents = amountToCents(value);
      if (typeof question.min === 'number' && cents < limitCents(question.min))
        return it.answers.belowMin(label(), formatImporto(centsToAmount(limitCents(question.min))));
      const max =
        typeof question.max === 'number' ? limitCents(question.max) : DEFAULT_AMOUNT_MAX_CENTS;
      if (cents > max) return it.answers.aboveMax(label(), formatImporto(centsToAmount(max)));
      return null;
    }
    case 'codice_fiscale':
      return isValidCodiceFiscale(value) ? null : it.answers.codiceFiscaleInvalid(label());
    case 'partita_iva':
      return isValidPartitaIva(value) ? null : it.answers.partitaIvaInvalid(label());
    case 'email':
      return isCanonicalEmail(value) ? null : it.answers.emailInvalid(label());
    case 'cap':
      return isCanonicalCap(value) ? null : it.answers.capInvalid(label());
    case 'provincia':
      return isCanonicalProvincia(value) ? null : it.answers.provinciaInvalid(label());
    case 'iban':
      return isValidIban(value) ? null : it.answers.ibanInvalid(label());
    case 'telefono':
      return isCanonicalTelefono(value) ? null : it.answers.telefonoInvalid(label());
    case 'ora':
      return isCanonicalOra(value) ? null : it.answers.oraInvalid(label());
    default:
      return null;
  }
}

function dateProblem(
  question: AnswerRules,
  value: string,
  label: LabelOf,
  today: () => string,
): string | null {
  if (!isCanonicalData(value)) return it.answers.dateInvalid(label());
  const needsToday = question.min === TODAY_LIMIT || question.max === TODAY_LIMIT;
  const day = needsToday ? today() : '';
  const min = dateLimit(question.min, day) ?? DEFAULT_DATE_MIN;
  const max = dateLimit(question.max, day) ?? DEFAULT_DATE_MAX;
  // Canonical dates compare as strings.
  if (value < min) return it.answers.dateBeforeMin(label(), formatData(min));
  if (value > max) return it.answers.dateAfterMax(label(), formatData(max));
  return null;
}

/** Types whose message says what is wrong without the field's name ("il codice fiscale di …"). */
const SELF_NAMED_TYPES: ReadonlySet<string> = new Set([
  'codice_fiscale',
  'partita_iva',
  'email',
  'importo',
  'data',
  'cap',
  'provincia',
  'iban',
  'telefono',
  'ora',
]);

/** How messages name a field of an item: "Conduttore 2", or "Conduttore 2 – Nome" when needed. */
function fieldLabel(list: AnswerRules, field: AnswerRules, position: number): string {
  const item = itemLabel(list, position);
  const sameType = (list.fields ?? []).filter((other) => other.type === field.type).length;
  return field.type && SELF_NAMED_TYPES.has(field.type) && sameType === 1
    ? item
    : `${item} – ${labelOf(field)}`;
}

function listProblems(
  question: AnswerRules,
  value: unknown,
  label: LabelOf,
  today: () => string,
): string[] {
  if (!Array.isArray(value)) return [it.answers.listExpected(label())];
  const min = question.min_items ?? 1;
  // A list may be empty only when its question says so: `min_items: 0`.
  const max = Math.min(question.max_items ?? ELENCO_MAX_ITEMS, ELENCO_MAX_ITEMS);
  if (value.length < min) return [it.answers.itemsMin(label(), min)];
  if (value.length > max) return [it.answers.itemsMax(label(), max)];
  const fields = question.fields ?? [];
  const known = new Set(fields.map((field) => field.variable));
  const problems: string[] = [];
  value.forEach((item: unknown, index) => {
    const position = index + 1;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push(it.answers.listExpected(label()));
      return;
    }
    for (const key of Object.keys(item)) {
      if (!known.has(key))
        problems.push(it.answers.itemUnknownField(itemLabel(question, position), key));
    }
    for (const field of fields) {
      const fieldValue = Object.hasOwn(item, field.variable)
        ? (item as Record<string, unknown>)[field.variable]
        : undefined;
      const problem = canonicalProblems(
        field,
        fieldValue,
        () => fieldLabel(question, field, position),
        today,
        true,
      );
      if (problem.length > 0) problems.push(...problem);
    }
  });
  return problems;
}

/**
 * Every reason a canonical answer cannot be accepted for the question, in Italian and naming it
 * (an item's field by the item: «Il codice fiscale di «Conduttore 2» non è valido.»); empty when
 * it is fine. A `scelta` is checked as SPEC §5 says: among the options, one or a non-empty list.
 * `null` (no answer) is accepted only for a question with `obbligatoria: false`.
 */
export function validateCanonical(
  question: AnswerRules,
  value: unknown,
  context: CheckContext = {},
): string[] {
  const { label } = context;
  return canonicalProblems(
    question,
    value,
    label === undefined ? () => labelOf(question) : () => label,
    () => context.today ?? todayInItaly(),
  );
}

/** `validateCanonical` with the label and today's date asked for only when a message needs them. */
function canonicalProblems(
  question: AnswerRules,
  value: unknown,
  label: LabelOf,
  today: () => string,
  inItem = false,
): string[] {
  // «Salta» on an optional question, or an optional field of an item left empty: no answer.
  if (value === null || (value === undefined && !isRequired(question) && inItem)) {
    return isRequired(question) ? [it.answers.required(label())] : [];
  }
  if (isChoice(question)) {
    if (value === undefined) return [it.answers.required(label())];
    return choiceProblems(question, value, label);
  }
  if (question.type === 'elenco') return listProblems(question, value, label, today);
  if (value === undefined || value === '') return [it.answers.required(label())];
  if (typeof value !== 'string') return [it.answers.textExpected(label())];
  const problem =
    question.type === 'data'
      ? dateProblem(question, value, label, today)
      : textProblem(question, value, label);
  return problem ? [problem] : [];
}
