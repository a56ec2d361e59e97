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

/**
 * `23 novembre 2026`; the first of the month is written `1°`, as Italian does. A table, not
 * Intl: a browser's first Intl formatter of a locale loads its data, ~60 ms on a phone, in the
 * middle of the catalogue's first cards (issue 13), and the contracts write dates this way too.
 */
export function formatItalianLongDate({ year, month, day }: CalendarDay): string {
  return `${day === 1 ? '1°' : day} ${MONTHS[month - 1]} ${year}`;
}
