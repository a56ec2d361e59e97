import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * A "known device": a browser that signed in to a PEC before. A successful login answers with
 * an HttpOnly cookie holding, per PEC, when it signed in and an HMAC (the server's secret) of
 * the PEC and that time; only the login route receives it (Path), the SPA sends it by itself
 * (same origin). On a later login for that PEC the device skips the per-account limit
 * (login-throttle.ts): strangers failing on the owner's PEC do not lock the owner out of the
 * browser they use. It proves nothing else: the password is still checked, and the
 * per-address+PEC limit still counts. The PEC is not readable in it.
 */

export const KNOWN_DEVICE_COOKIE = 'lexpath_device';
const KNOWN_DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** A browser shared by a few colleagues remembers each of them. */
const MAX_ACCOUNTS_PER_DEVICE = 5;
const ENTRY = /^(\d{1,12})\.([\w-]{43})$/;

function proof(secret: string, pec: string, issuedAtSeconds: number): string {
  return createHmac('sha256', secret)
    .update(`known-device\n${pec}\n${issuedAtSeconds}`)
    .digest('base64url');
}

function entriesOf(cookieHeader: string | undefined): string[] {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === KNOWN_DEVICE_COOKIE) return value.join('=').split('~').filter(Boolean);
  }
  return [];
}

function entryProves(entry: string, secret: string, pec: string, nowSeconds: number): boolean {
  const match = ENTRY.exec(entry);
  if (!match?.[1] || !match[2]) return false;
  const issuedAt = Number(match[1]);
  if (issuedAt > nowSeconds || nowSeconds - issuedAt > KNOWN_DEVICE_MAX_AGE_SECONDS) return false;
  const expected = Buffer.from(proof(secret, pec, issuedAt));
  const given = Buffer.from(match[2]);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether the request's cookie shows this device signed in to `pec` before. */
export function isKnownDevice(
  cookieHeader: string | undefined,
  secret: string,
  pec: string,
  now: Date = new Date(),
): boolean {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return entriesOf(cookieHeader).some((entry) => entryProves(entry, secret, pec, nowSeconds));
}

/**
 * The Set-Cookie value after a successful login to `pec`: a fresh entry for it first, then the
 * other PECs this device knows (an older entry of the same PEC is dropped).
 */
export function knownDeviceCookie(
  cookieHeader: string | undefined,
  { secret, pec, secure }: { secret: string; pec: string; secure: boolean },
  now: Date = new Date(),
): string {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const others = entriesOf(cookieHeader).filter(
    (entry) => ENTRY.test(entry) && !entryProves(entry, secret, pec, nowSeconds),
  );
  const value = [`${nowSeconds}.${proof(secret, pec, nowSeconds)}`, ...others]
    .slice(0, MAX_ACCOUNTS_PER_DEVICE)
    .join('~');
  return [
    `${KNOWN_DEVICE_COOKIE}=${value}`,
    'Path=/api/auth/login',
    `Max-Age=${KNOWN_DEVICE_MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
