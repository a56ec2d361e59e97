import {
  type CalendarDay,
  formatLongDate as formatItalianLongDate,
  formatShortDate,
  parseEuro,
} from '@lexpath/shared/italian-formats';
import type { TAnswerValue } from '@lexpath/shared/schemas/questions';

/** The day an instant falls on in the browser's time zone. */
function localDay(date: Date): CalendarDay {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** "3 marzo 2026": day, month name, year (SPEC §9), in the browser's time zone. */
export function formatLongDate(iso: string): string {
  return formatItalianLongDate(localDay(new Date(iso)));
}

/** "03/03/2026 - 14:05": the lists' date and time (SPEC §9). */
export function formatListDate(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${formatShortDate(localDay(date))} - ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** "10–20", "15", or null when the template gives no range. */
export function formatRange(min: number | null, max: number | null): string | null {
  if (min === null && max === null) return null;
  if (min === null || max === null || min === max) return String(min ?? max);
  return `${min}–${max}`;
}

/** A decimal string of the API ("59.78") to cents; 0 when unreadable. */
export function decimalToCents(value: string): number {
  const parsed = parseEuro(value);
  return parsed.ok ? parsed.cents : 0;
}

/**
 * An answer as the recap shows it: the options of a multiple choice joined by commas (an
 * `elenco`'s items, until the summary formats typed answers, as their values).
 */
export function formatAnswer(answer: TAnswerValue): string {
  if (answer === null) return '';
  if (!Array.isArray(answer)) return answer;
  return answer
    .map((item) => (typeof item === 'string' ? item : Object.values(item).join(' ')))
    .join(', ');
}

/**
 * "2026-03-05" → "05/03/2026". A day, not an instant: `new Date("2026-03-05")` is UTC midnight,
 * which a browser west of Greenwich would show as the 4th.
 */
export const formatDay: (day: string) => string = formatShortDate;
