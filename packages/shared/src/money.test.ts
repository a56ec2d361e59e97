import { describe, expect, it } from 'vitest';
import { amountToCents, parseImporto } from './answer-types.ts';
import { centsToDecimal, computeTotal, computeVatCents } from './money.ts';
import { ZPrice } from './schemas/templates.ts';

describe('VAT 22 % half-up', () => {
  it('adds 22 % to a round price', () => {
    expect(computeTotal(10000)).toEqual({ netCents: 10000, vatCents: 2200, totalCents: 12200 });
  });

  it('rounds half a cent up', () => {
    // 0.25 € * 22 % = 5.5 cents → 6
    expect(computeVatCents(25)).toBe(6);
    // 0.75 € * 22 % = 16.5 cents → 17
    expect(computeVatCents(75)).toBe(17);
  });

  it('rounds less than half a cent down', () => {
    // 0.01 € * 22 % = 0.22 cents → 0
    expect(computeVatCents(1)).toBe(0);
    // 0.02 € * 22 % = 0.44 → 0; 0.03 € → 0.66 → 1
    expect(computeVatCents(2)).toBe(0);
    expect(computeVatCents(3)).toBe(1);
  });

  it('computes 49.90 € + VAT = 60.88 €', () => {
    // 4990 * 0.22 = 1097.8 → 1098
    expect(computeTotal(4990).totalCents).toBe(6088);
  });

  it('agrees with exact decimal arithmetic for every price up to 1,000 €', () => {
    for (let net = 0; net <= 100000; net += 1) {
      const exactTimes100 = net * 22; // VAT in hundredths of a cent
      const expected = Math.floor(exactTimes100 / 100) + (exactTimes100 % 100 >= 50 ? 1 : 0);
      if (computeVatCents(net) !== expected) throw new Error(`mismatch at ${net}`);
    }
  });

  it('refuses fractional or negative cents', () => {
    expect(() => computeVatCents(1.5)).toThrow(RangeError);
    expect(() => computeVatCents(-1)).toThrow(RangeError);
  });
});

describe('euro parsing and formatting', () => {
  it('stores the amount the master editor sends (Italian input, canonical decimal) as its cents', () => {
    for (const [typed, cents] of [
      ['10,50', 1050],
      ['1.234,50', 123450],
      ['49', 4900],
      ['0,05', 5],
    ] as const) {
      const parsed = parseImporto(typed);
      if (!parsed.ok) throw new Error(`${typed}: ${parsed.error}`);
      expect(ZPrice.parse(parsed.value), typed).toBe(cents);
      expect(amountToCents(parsed.value), typed).toBe(cents);
    }
  });

  it('takes a price written as the master form shows it, and names a wrong one as an amount', () => {
    expect(ZPrice.parse('1.234,50')).toBe(123450);
    expect(ZPrice.parse('49,9 €')).toBe(4990);
    expect(ZPrice.parse(49.9)).toBe(4990);
    expect(ZPrice.safeParse('dieci').error?.issues[0]?.message).toBe(
      'Scrivi un importo in euro, per esempio 1.234,50.',
    );
  });

  it('writes the payment price with two decimals', () => {
    expect(centsToDecimal(6088)).toBe('60.88');
    expect(centsToDecimal(5)).toBe('0.05');
  });
});
