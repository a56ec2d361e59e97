import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  formatAmount,
  formatEuro,
  formatLongDate,
  formatShortDate,
  parseEuro,
} from './italian-formats.ts';
import { it as texts } from './messages/it.ts';

describe('Italian dates', () => {
  it('writes the short form with two-digit day and month, from a day or its ISO text', () => {
    expect(formatShortDate('2026-03-05')).toBe('05/03/2026');
    expect(formatShortDate({ year: 2026, month: 11, day: 23 })).toBe('23/11/2026');
    // An invoice's issue date read from the database may carry a time: the day is what counts.
    expect(formatShortDate('2026-03-05T23:30:00Z')).toBe('05/03/2026');
    expect(formatShortDate('non una data')).toBe('non una data');
  });

  it('writes the long form with the month name, the first of the month as 1°', () => {
    expect(formatLongDate('2026-03-05')).toBe('5 marzo 2026');
    expect(formatLongDate({ year: 2026, month: 11, day: 23 })).toBe('23 novembre 2026');
    expect(formatLongDate({ year: 2027, month: 1, day: 1 })).toBe('1° gennaio 2027');
    expect(formatLongDate({ year: 2026, month: 12, day: 31 })).toBe('31 dicembre 2026');
  });
});

describe('Italian euros', () => {
  it('write the amount first, thousands always grouped, a no-break space before the sign', () => {
    expect(formatEuro(123450)).toBe('1.234,50\u00a0€');
    expect(formatEuro(123456789)).toBe('1.234.567,89\u00a0€');
    expect(formatEuro(99900)).toBe('999,00\u00a0€');
    expect(formatEuro(5)).toBe('0,05\u00a0€');
    expect(formatEuro(0)).toBe('0,00\u00a0€');
    expect(formatEuro(-6088)).toBe('-60,88\u00a0€');
    expect(formatAmount(123400)).toBe('1.234,00');
  });

  it('read what a person types and what the API sends, to the same cents', () => {
    for (const [typed, cents] of [
      ['1.234,50', 123450],
      ['1234,5', 123450],
      ['1234.50', 123450],
      ['1.234', 123400],
      ['1.234.567,89', 123456789],
      ['€ 49', 4900],
      ['49,90 €', 4990],
      ['49 euro', 4900],
      ['49euro', 4900],
      ['EUR 1.234,50', 123450],
      ['0,05', 5],
      ['60.88', 6088],
      [49.9, 4990],
      [1234.5, 123450],
    ] as const) {
      expect(parseEuro(typed), String(typed)).toEqual({ ok: true, cents });
    }
  });

  it('refuse anything else with one Italian message', () => {
    for (const typed of ['abc', '', '-5', '1,234', '1.23.4', '12,345', '1,2,3', 0.001, -1]) {
      expect(parseEuro(typed), String(typed)).toEqual({
        ok: false,
        error: texts.answers.typedAmount,
      });
    }
    expect(texts.answers.typedAmount).toBe('Scrivi un importo in euro, per esempio 1.234,50.');
  });
});

describe('amounts in words, the legal form', () => {
  it('writes the euros in one word and the cents as /NN', () => {
    expect(amountInWords(123450)).toBe('milleduecentotrentaquattro/50');
    expect(amountInWords(123456789)).toBe(
      'unmilioneduecentotrentaquattromilacinquecentosessantasette/89',
    );
    expect(amountInWords(0)).toBe('zero/00');
    expect(amountInWords(5)).toBe('zero/05');
    expect(amountInWords(100)).toBe('uno/00');
  });

  it('writes no «e» after «mila» and elides as Italian writes', () => {
    expect(amountInWords(200100)).toBe('duemilauno/00');
    expect(amountInWords(2100)).toBe('ventuno/00');
    expect(amountInWords(3800)).toBe('trentotto/00');
    expect(amountInWords(18000)).toBe('centottanta/00');
    expect(amountInWords(10800)).toBe('centotto/00');
    expect(amountInWords(180000)).toBe('milleottocento/00');
    expect(amountInWords(100000000)).toBe('unmilione/00');
    expect(amountInWords(200000000)).toBe('duemilioni/00');
    expect(amountInWords(2100000000)).toBe('ventunomilioni/00');
    expect(amountInWords(100000000000)).toBe('unmiliardo/00');
    expect(amountInWords(100100000)).toBe('unmilionemille/00');
  });

  it('stresses a final «tre» only at the end of the word', () => {
    expect(amountInWords(300)).toBe('tre/00');
    expect(amountInWords(2300)).toBe('ventitré/00');
    expect(amountInWords(10300)).toBe('centotré/00');
    expect(amountInWords(100300)).toBe('milletré/00');
    expect(amountInWords(2300000)).toBe('ventitremila/00');
    expect(amountInWords(2300000000)).toBe('ventitremilioni/00');
    expect(amountInWords(370350)).toBe('tremilasettecentotré/50');
  });
});
