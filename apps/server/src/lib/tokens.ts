import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { TRole } from '@lexpath/shared';
import { jwtVerify, SignJWT } from 'jose';
import { LruCache } from './lru-cache.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const ISSUER = 'lexpath';

/**
 * `sessionId`: the refresh-token family the token was issued for (its `sid` claim), so ending
 * that session (logout, reuse detection) ends the token too. `sessionVersion`: the user's
 * `session_version` when signed (0 when omitted).
 */
export type AccessTokenClaims = {
  sub: string;
  role: TRole;
  sessionId: string;
  sessionVersion?: number;
};

function keyFrom(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** A short-lived HS256 JWT; `expiresAt` lets tests mint already expired ones. */
export function signAccessToken(
  claims: AccessTokenClaims,
  secret: string,
  expiresAt: Date = new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000),
): Promise<string> {
  return new SignJWT({ role: claims.role, sid: claims.sessionId, sv: claims.sessionVersion ?? 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyFrom(secret));
}

export type VerifiedAccessToken = { userId: string; sessionId: string; sessionVersion: number };

/**
 * Tokens already verified, by secret then by token, with their expiry. A token is reused for
 * every request of its 15 minutes, and jose verifies through WebCrypto (a key import and a
 * thread-pool round trip each time): remembering the exact bytes that passed verification
 * skips that work without trusting anything new. Expiry is still checked on every hit.
 */
const verifiedTokens = new Map<
  string,
  LruCache<string, VerifiedAccessToken & { expiresAtMs: number }>
>();

function verifiedTokensFor(secret: string) {
  let cache = verifiedTokens.get(secret);
  if (!cache) {
    cache = new LruCache(10_000);
    verifiedTokens.set(secret, cache);
  }
  return cache;
}

/**
 * A token verified before: its claims while it is valid, null once it expired, undefined when
 * it was never seen (then only `verifyAccessToken` can say).
 */
export function knownAccessToken(
  token: string,
  secret: string,
): VerifiedAccessToken | null | undefined {
  const cache = verifiedTokensFor(secret);
  const known = cache.get(token);
  if (!known) return undefined;
  if (known.expiresAtMs > Date.now()) return known;
  cache.delete(token);
  return null;
}

/**
 * The token's subject, session and session version, or null when it is malformed, forged,
 * expired, or names no session (none is issued without one).
 */
export async function verifyAccessToken(
  token: string,
  secret: string,
): Promise<VerifiedAccessToken | null> {
  const known = knownAccessToken(token, secret);
  if (known !== undefined) return known;
  const cache = verifiedTokensFor(secret);
  try {
    const { payload } = await jwtVerify(token, keyFrom(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
    });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      typeof payload.exp !== 'number'
    ) {
      return null;
    }
    const verified = {
      userId: payload.sub,
      sessionId: payload.sid,
      sessionVersion: typeof payload.sv === 'number' ? payload.sv : 0,
    };
    cache.set(token, { ...verified, expiresAtMs: payload.exp * 1000 });
    return verified;
  } catch {
    return null;
  }
}

/** Refresh tokens are stored as their SHA-256 only: a leaked table opens no session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function generateRefreshToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export function newTokenFamilyId(): string {
  return randomUUID();
}
