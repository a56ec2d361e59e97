import { it, type TRole, USER_STATUS } from '@lexpath/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { refreshTokens, users } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';
import { isUuid } from '../lib/ids.ts';
import { knownAccessToken, type VerifiedAccessToken, verifyAccessToken } from '../lib/tokens.ts';
import type { Caller } from '../policy.ts';

/** The columns `authenticate` checks; every change to them notifies the change feed. */
export type AccountRow = Caller & { sessionVersion: number };

async function readAccount(db: Database, userId: string): Promise<AccountRow | undefined> {
  const [account] = await db
    .select({
      id: users.id,
      role: users.role,
      status: users.status,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .where(eq(users.id, userId));
  return account;
}

/**
 * Whether a session (a refresh-token family, an access token's `sid`) is still open: not
 * logged out, not revoked for reuse, by a password reset or a suspension. Every change to
 * `revoked_at` notifies the change feed (migration 0005).
 */
async function readSessionOpen(db: Database, sessionId: string): Promise<boolean> {
  const [open] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  return open !== undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: Caller | null;
  }
}

function readBearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

const unauthenticated = () => new AppError('unauthenticated', it.auth.unauthenticated);

/**
 * Lets the request in as `account`, or refuses it: unknown, not confirmed, all sessions ended
 * (session version), or this token's session ended (logout, reuse of its refresh token).
 */
function admit(
  request: FastifyRequest,
  verified: VerifiedAccessToken,
  account: AccountRow | undefined,
  sessionOpen: boolean,
): void {
  if (
    !account ||
    !sessionOpen ||
    account.status !== USER_STATUS.confirmed ||
    account.sessionVersion !== verified.sessionVersion
  ) {
    throw unauthenticated();
  }
  request.user = { id: account.id, role: account.role, status: account.status };
}

async function authenticateReading(request: FastifyRequest, token: string): Promise<void> {
  const verified = await verifyAccessToken(token, request.server.config.jwtSecret);
  if (!verified || !isUuid(verified.userId) || !isUuid(verified.sessionId)) {
    throw unauthenticated();
  }
  const { db, caches } = request.server;
  const [account, sessionOpen] = await Promise.all([
    caches.accounts.get(verified.userId, () => readAccount(db, verified.userId)),
    caches.sessions.get(verified.sessionId, () => readSessionOpen(db, verified.sessionId)),
  ]);
  admit(request, verified, account, sessionOpen);
}

/**
 * onRequest: verifies the Bearer JWT, then loads the account and the token's session, so a
 * suspended or cancelled user, a token issued before a password reset, or one whose session
 * was logged out or revoked, loses access at once instead of when the token expires (a cached
 * account or session is dropped when the change commits, on every instance). 401 otherwise.
 * A callback hook: the usual case, a token, an account and a session already in memory, then
 * settles without a promise.
 */
export function authenticate(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const token = readBearerToken(request.headers.authorization);
  if (!token) {
    done(unauthenticated() as unknown as FastifyError);
    return;
  }
  const { caches, config } = request.server;
  const verified = knownAccessToken(token, config.jwtSecret);
  const held = verified ? caches.accounts.peek(verified.userId) : undefined;
  const session = verified ? caches.sessions.peek(verified.sessionId) : undefined;
  if (!verified || !held || !session) {
    authenticateReading(request, token).then(
      () => done(),
      (error: FastifyError) => done(error),
    );
    return;
  }
  try {
    admit(request, verified, held.value, session.value);
  } catch (error) {
    done(error as FastifyError);
    return;
  }
  done();
}

/** preHandler after `authenticate`: 403 unless the caller has one of the roles. */
export function requireRole(...roles: TRole[]) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user || !roles.includes(request.user.role)) {
      throw new AppError('forbidden', it.auth.forbidden);
    }
  };
}

/** The caller in a handler behind `authenticate`. */
export function currentUser(request: FastifyRequest): Caller {
  if (!request.user) throw new AppError('unauthenticated', it.auth.unauthenticated);
  return request.user;
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);
  },
  { name: 'auth' },
);
