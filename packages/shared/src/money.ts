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

/** Cents as a plain decimal string with two decimals ("59.78"), as the payment API carries it. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
