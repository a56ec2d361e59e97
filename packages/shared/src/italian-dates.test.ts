import { describe, expect, it } from 'vitest';
import { formatItalianLongDate } from './italian-dates.ts';

describe('formatItalianLongDate', () => {
  it('writes the day, the month name and the year, the first of the month as 1°', () => {
    expect(formatItalianLongDate({ year: 2026, month: 3, day: 3 })).toBe('3 marzo 2026');
    expect(formatItalianLongDate({ year: 2026, month: 11, day: 23 })).toBe('23 novembre 2026');
    expect(formatItalianLongDate({ year: 2027, month: 1, day: 1 })).toBe('1° gennaio 2027');
    expect(formatItalianLongDate({ year: 2026, month: 12, day: 31 })).toBe('31 dicembre 2026');
  });
});
