/**
 * A fresh Idempotency-Key. `randomUUID` exists only in secure contexts (https, localhost); a
 * plain-http deployment gets 128 random bits from `getRandomValues`, available everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}
