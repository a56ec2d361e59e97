import { it, type TLogin, type TSessionUser, USER_STATUS } from '@lexpath/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { refreshTokens, type UserRow, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  generateRefreshToken,
  hashToken,
  newTokenFamilyId,
  REFRESH_TOKEN_TTL_MS,
  signAccessToken,
} from '../../lib/tokens.ts';
import type { MailContext } from '../mail/mail.templates.ts';
import { findUserByPec, isLexmindUser } from '../users/users.service.ts';
import { admitLoginAttempt, forgiveLoginAttempts, recordLoginFailure } from './login-throttle.ts';
import { verifyPassword } from './passwords.ts';
import { resendVerificationIfDue } from './registration.service.ts';

/**
 * `sessions`: this instance's cache of open sessions (`app.caches.sessions`), told at once
 * when a session ends here; other instances hear it from PostgreSQL's notification.
 */
export type AuthDeps = {
  db: Database;
  jwtSecret: string;
  mail: MailContext;
  sessions?: { forget: (sessionId: string) => void };
};

/** Login and refresh also say whether the user is a LexMind user (LEXMIND_USERS). */
export type SessionDeps = AuthDeps & { lexmindUsers: readonly string[] };

/** What login and refresh hand back: the user for the body, the tokens for the headers. */
export type Session = { user: TSessionUser; accessToken: string; refreshToken: string };

type Executor = Pick<Database, 'insert'>;

function toSessionUser(row: UserRow, lexmindUsers: readonly string[]): TSessionUser {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    status: row.status,
    role: row.role,
    newsletter: row.newsletter,
    lexmind: isLexmindUser(row.pec, lexmindUsers),
  };
}

/**
 * Why an account with the right password may not sign in, or null when it may. A cancelled
 * account answers like a wrong password: it no longer exists for its former owner.
 */
function loginRefusal(user: UserRow): AppError | null {
  if (user.status === USER_STATUS.cancelled)
    return new AppError('unauthenticated', it.auth.invalidCredentials);
  if (!user.emailVerified) return new AppError('forbidden', it.auth.emailNotVerified);
  switch (user.status) {
    case USER_STATUS.confirmed:
      return null;
    case USER_STATUS.suspended:
      return new AppError('forbidden', it.auth.accountSuspended);
    case USER_STATUS.pending:
      return new AppError('forbidden', it.auth.accountPending);
    case USER_STATUS.refused:
      return new AppError('forbidden', it.auth.accountRefused);
  }
}

async function issueSession(
  executor: Executor,
  { jwtSecret, lexmindUsers }: Pick<SessionDeps, 'jwtSecret' | 'lexmindUsers'>,
  user: UserRow,
  familyId: string,
): Promise<Session & { refreshTokenId: string }> {
  const { token, tokenHash } = generateRefreshToken();
  const [stored] = await executor
    .insert(refreshTokens)
    .values({
      tokenHash,
      familyId,
      userId: user.id,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    })
    .returning({ id: refreshTokens.id });
  if (!stored) throw new Error('refresh token insert returned no row');
  const accessToken = await signAccessToken(
    { sub: user.id, role: user.role, sessionId: familyId, sessionVersion: user.sessionVersion },
    jwtSecret,
  );
  return {
    user: toSessionUser(user, lexmindUsers),
    accessToken,
    refreshToken: token,
    refreshTokenId: stored.id,
  };
}

/**
 * Signs a user in. The password is checked before anything about the account is revealed, and
 * an unknown PEC costs the same argon2 time as a known one. A lawyer refused for an unverified
 * PEC gets a fresh verify link (at most hourly): the way back after an expired one.
 * The per-account limit (login-throttle.ts) comes first, for known and unknown PECs alike,
 * except on a device that signed in to this PEC before (`knownDevice`).
 */
export async function login(
  deps: SessionDeps,
  input: TLogin,
  { knownDevice = false }: { knownDevice?: boolean } = {},
): Promise<Session> {
  const { db, mail } = deps;
  if (!knownDevice) await admitLoginAttempt(db, input.pec);
  const user = await findUserByPec(db, input.pec);
  const passwordMatches = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordMatches) {
    if (!knownDevice) await recordLoginFailure(db, input.pec);
    throw new AppError('unauthenticated', it.auth.invalidCredentials);
  }
  await forgiveLoginAttempts(db, input.pec);
  const refusal = loginRefusal(user);
  if (refusal) {
    if (!user.emailVerified) await resendVerificationIfDue({ db, mail }, user);
    throw refusal;
  }
  const { refreshTokenId: _, ...session } = await issueSession(db, deps, user, newTokenFamilyId());
  return session;
}

type RotationOutcome =
  | { session: Session }
  | { refused: 'unknown' | 'expired' }
  | { refused: 'reused'; familyId: string };

/**
 * Exchanges a refresh token for a new pair. The old token is marked used; presenting a used
 * token again means it was stolen (or the session was copied), so its whole family is revoked,
 * including the newest token, and the caller must sign in again.
 */
export async function rotateRefreshToken(
  deps: SessionDeps,
  token: string | undefined,
): Promise<Session> {
  if (!token) throw new AppError('unauthenticated', it.auth.invalidRefreshToken);
  const { db } = deps;
  const tokenHash = hashToken(token);

  // The revocation must commit even though the request fails: decide inside the transaction,
  // throw after it.
  const outcome = await db.transaction(async (tx): Promise<RotationOutcome> => {
    const [stored] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .for('update');
    if (!stored || stored.revokedAt) return { refused: 'unknown' };
    if (stored.usedAt) {
      await revokeFamily(tx, stored.familyId);
      return { refused: 'reused', familyId: stored.familyId };
    }
    if (stored.expiresAt.getTime() <= Date.now()) return { refused: 'expired' };

    const [user] = await tx.select().from(users).where(eq(users.id, stored.userId));
    if (!user || loginRefusal(user)) {
      await revokeFamily(tx, stored.familyId);
      return { refused: 'unknown' };
    }
    const { refreshTokenId, ...session } = await issueSession(tx, deps, user, stored.familyId);
    await tx
      .update(refreshTokens)
      .set({ usedAt: new Date(), replacedBy: refreshTokenId })
      .where(eq(refreshTokens.id, stored.id));
    return { session };
  });

  if ('refused' in outcome) {
    // The stolen copy's access tokens die with the family, here at once.
    if (outcome.refused === 'reused') deps.sessions?.forget(outcome.familyId);
    throw new AppError('unauthenticated', it.auth.invalidRefreshToken);
  }
  return outcome.session;
}

async function revokeFamily(executor: Pick<Database, 'update'>, familyId: string): Promise<void> {
  await executor
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Ends every session of a user (password reset, suspension): all their refresh tokens are
 * revoked, and the session version moves on, so `authenticate` refuses the access tokens
 * already issued at once.
 */
export async function revokeUserSessions(
  executor: Pick<Database, 'update'>,
  userId: string,
): Promise<void> {
  await executor
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await executor
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId));
}

/**
 * Logout: revokes the token's whole family, which also ends the access tokens issued for it
 * (their `sid`). Unknown or missing tokens are fine (idempotent).
 */
export async function logout(
  { db, sessions }: Pick<AuthDeps, 'db' | 'sessions'>,
  token: string | undefined,
) {
  if (!token) return;
  const [stored] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!stored) return;
  await revokeFamily(db, stored.familyId);
  sessions?.forget(stored.familyId);
}
