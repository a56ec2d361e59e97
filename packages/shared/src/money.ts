/** VAT rate applied to every purchase (SPEC §9), in percent. */
export const VAT_PERCENT = 22;

/** VAT on a net amount in cents, rounded half-up to the cent. Integer arithmetic only. */
export function computeVatCents(netCents: number): number {
  if (!Number.isInteger(netCents) || netCents < 0) {
    throw new RangeError(`netCents must be a non-negative integer, got ${netCents}`);
  }
  // (net * 22 + 50) / 100 floored is half-up rounding for non-negative integers.
  return Math.floor((netCents * VAT_PERCENT + 50) / 100);
}

/** Price plus 22 % VAT: what the lawyer pays, computed the same way on both sides. */
export function computeTotal(netCents: number): {
  netCents: number;
  vatCents: number;
  totalCents: number;
} {
  const vatCents = computeVatCents(netCents);
  return { netCents, vatCents, totalCents: netCents + vatCents };
}

/** Euros as typed by an editor ("49", "49,90", "49.9") to integer cents; null when not a price. */
export function parseEuroToCents(value: string | number): number | null {
  const text = String(value).trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [units = '0', decimals = ''] = text.split('.');
  return Number(units) * 100 + Number(decimals.padEnd(2, '0'));
}

/** Cents as a plain decimal string with two decimals ("59.78"), as the payment API carries it. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "1234567" → "1.234.567": Italian groups thousands always, four-digit numbers included. */
export function groupItalianThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * Italian euro formatting for the screens: 123450 cents → "1.234,50 €" (a no-break space before
 * the sign, as Intl writes it). Written out rather than Intl's `it-IT`, which leaves four-digit
 * amounts ungrouped ("1234,50 €") where an Italian reads "1.234,50 €". Integer cents only.
 */
export function formatEuro(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const units = groupItalianThousands(String(Math.floor(abs / 100)));
  return `${sign}${units},${String(abs % 100).padStart(2, '0')}\u00a0€`;
}
