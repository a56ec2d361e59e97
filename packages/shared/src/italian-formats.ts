/**
 * How LexPath writes and reads dates and money in Italian, once for the screens, the mails, the
 * invoices' courtesy copies and the documents. Tables and string arithmetic rather than Intl: a
 * browser's first Intl formatter of a locale loads its data (~60 ms on a phone), and Intl's
 * it-IT leaves four-digit amounts ungrouped («1234,50») where an Italian reads «1.234,50».
 * Money is integer cents throughout; machine formats (the payment API's "59.78", FatturaPA's
 * XML) are not written here.
 */
import { it } from './messages/it.ts';

// ---------------------------------------------------------------------------------------------
// Numbers

/** "1234567" → "1.234.567": Italian groups thousands always, four-digit numbers included. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** The digits of an Italian number: sign, integer digits (no grouping) and decimal digits. */
export type ItalianNumberParts = { negative: boolean; units: string; decimals: string };

/**
 * The integer and decimal digits of a number as an Italian types it: "1.234,5" → 1234 and 5.
 * Dots are thousands separators when they group by three; with no comma, a lone dot that does
 * not group ("2.5", "1234.50") is a decimal point, as a phone keypad and the API write it.
 * Spaces (no-break ones included) are ignored. Null when it is not a number.
 */
export function splitItalianNumber(text: string): ItalianNumberParts | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  const match = /^([-+]?)(.*)$/.exec(compact);
  const sign = match?.[1] ?? '';
  const body = match?.[2] ?? '';
  let units: string;
  let decimals = '';
  if (body.includes(',')) {
    const [whole = '', fraction = '', ...rest] = body.split(',');
    if (rest.length > 0 || !/^\d+$/.test(fraction)) return null;
    units = whole;
    decimals = fraction;
  } else if (/^\d{1,3}(\.\d{3})+$/.test(body)) {
    units = body;
  } else if (/^\d*\.\d+$/.test(body)) {
    [units = '', decimals = ''] = body.split('.');
    if (units === '') units = '0';
  } else {
    units = body;
  }
  if (units.includes('.')) {
    if (!/^\d{1,3}(\.\d{3})+$/.test(units)) return null;
    units = units.replace(/\./g, '');
  }
  if (!/^\d+$/.test(units)) return null;
  units = units.replace(/^0+(?=\d)/, '');
  return { negative: sign === '-', units, decimals };
}

// ---------------------------------------------------------------------------------------------
// Money

/** 123450 → "1.234,50": an amount in cents without its sign, as a field or a document shows it. */
export function formatAmount(cents: number): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  const units = groupThousands(String(Math.floor(abs / 100)));
  return `${whole < 0 ? '-' : ''}${units},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * 123450 → "1.234,50 €": the one way euros are written for a reader (screens, mails, courtesy
 * copies, the `euro` filter), the sign after the amount with a no-break space, as Intl's it-IT
 * writes it, so a line never ends between the number and its sign.
 */
export function formatEuro(cents: number): string {
  return `${formatAmount(cents)}\u00a0€`;
}

/** Cents are integers: beyond 13 digits of euros an amount is no longer exact in a number. */
const MAX_EURO_DIGITS = 13;

export type ParsedEuro = { ok: true; cents: number } | { ok: false; error: string };

/**
 * Euros as a person or the API writes them, to integer cents: "1.234,50", "1234,5", "1234.50",
 * "1.234", "€ 49", "49 euro", or a JSON number with at most two decimals. Never negative; at most
 * two decimals. One set of inputs for prices, amount answers and the payment check, with one
 * Italian error.
 */
export function parseEuro(input: string | number): ParsedEuro {
  const failed: ParsedEuro = { ok: false, error: it.answers.typedAmount };
  if (typeof input === 'number') {
    const cents = Math.round(input * 100);
    // A JSON number is a binary fraction: 49.9 is 4990 cents give or take 1e-12.
    if (!Number.isFinite(input) || input < 0 || Math.abs(input * 100 - cents) > 1e-6) return failed;
    return cents <= Number.MAX_SAFE_INTEGER ? { ok: true, cents } : failed;
  }
  const parts = splitItalianNumber(input.replace(/€|eur(o)?/gi, '').trim());
  if (
    !parts ||
    parts.negative ||
    parts.decimals.length > 2 ||
    parts.units.length > MAX_EURO_DIGITS
  ) {
    return failed;
  }
  return { ok: true, cents: Number(parts.units) * 100 + Number(parts.decimals.padEnd(2, '0')) };
}

// ---------------------------------------------------------------------------------------------
// Dates

const MONTHS = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
];

/** A day of the calendar, month from 1. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** A calendar day, or its "YYYY-MM-DD" form (an answer, an invoice's date). */
export type DayLike = CalendarDay | string;

/**
 * The day's parts; a text that does not start with "YYYY-MM-DD" has none. Read without any time
 * zone: `new Date("2026-03-05")` is UTC midnight, the 4th west of Greenwich.
 */
function partsOf(day: DayLike): CalendarDay | null {
  if (typeof day !== 'string') return day;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : null;
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** "2026-03-05" → "05/03/2026"; a text that is not a day is returned as it is. */
export function formatShortDate(day: DayLike): string {
  const parts = partsOf(day);
  if (!parts) return String(day);
  return `${pad2(parts.day)}/${pad2(parts.month)}/${parts.year}`;
}

/**
 * "2026-03-05" → "5 marzo 2026"; the first of the month is written `1°`, as Italian does. A text
 * that is not a day is returned as it is.
 */
export function formatLongDate(day: DayLike): string {
  const parts = partsOf(day);
  if (!parts) return String(day);
  return `${parts.day === 1 ? '1°' : parts.day} ${MONTHS[parts.month - 1]} ${parts.year}`;
}

// ---------------------------------------------------------------------------------------------
// Amounts in words

const UNITS = [
  'zero',
  'uno',
  'due',
  'tre',
  'quattro',
  'cinque',
  'sei',
  'sette',
  'otto',
  'nove',
  'dieci',
  'undici',
  'dodici',
  'tredici',
  'quattordici',
  'quindici',
  'sedici',
  'diciassette',
  'diciotto',
  'diciannove',
];
const TENS = [
  '',
  '',
  'venti',
  'trenta',
  'quaranta',
  'cinquanta',
  'sessanta',
  'settanta',
  'ottanta',
  'novanta',
];

/** 1–999 in one word: the tens lose their vowel before «uno» and «otto», «cento» before «otto». */
function hundredsInWords(value: number): string {
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  let tail = '';
  if (rest >= 20) {
    const unit = rest % 10;
    const tens = TENS[Math.floor(rest / 10)] ?? '';
    tail =
      unit === 0
        ? tens
        : unit === 1 || unit === 8
          ? tens.slice(0, -1) + UNITS[unit]
          : tens + UNITS[unit];
  } else if (rest > 0) {
    tail = UNITS[rest] ?? '';
  }
  if (hundreds === 0) return tail;
  const head = hundreds === 1 ? 'cento' : `${UNITS[hundreds]}cento`;
  return tail.startsWith('ott') ? head.slice(0, -1) + tail : head + tail;
}

/** The scales above the thousands: one word each, «un» before the singular («unmilione»). */
const SCALES = [
  { size: 1_000_000_000, one: 'unmiliardo', many: 'miliardi' },
  { size: 1_000_000, one: 'unmilione', many: 'milioni' },
] as const;

/** A whole number in one word, as a contract writes it: no «e», no spaces. */
function integerInWords(value: number): string {
  if (value === 0) return UNITS[0] ?? 'zero';
  const words = wordsOf(value);
  // A final «tre» after other words is stressed and written so: ventitré, centotré, milletré.
  return words.length > 3 && words.endsWith('tre') ? `${words.slice(0, -3)}tré` : words;
}

function wordsOf(value: number): string {
  let words = '';
  let rest = value;
  for (const scale of SCALES) {
    const count = Math.floor(rest / scale.size);
    rest %= scale.size;
    if (count === 1) words += scale.one;
    else if (count > 1) words += wordsOf(count) + scale.many;
  }
  const thousands = Math.floor(rest / 1000);
  rest %= 1000;
  if (thousands === 1) words += 'mille';
  else if (thousands > 1) words += `${hundredsInWords(thousands)}mila`;
  return words + hundredsInWords(rest);
}

/**
 * The legal «in lettere» form of an amount in cents: 123450 → «milleduecentotrentaquattro/50»,
 * 123456789 → «unmilioneduecentotrentaquattromilacinquecentosessantasette/89». One word for the
 * euros, without the «e» some write after «mila», then the cents as /NN.
 */
export function amountInWords(cents: number): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  const words = integerInWords(Math.floor(abs / 100));
  return `${whole < 0 ? 'meno ' : ''}${words}/${pad2(abs % 100)}`;
}
