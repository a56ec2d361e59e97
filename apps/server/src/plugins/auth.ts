import { it, type TRole, USER_STATUS } from '@lexpath/shared';
import { eq } from 'drizzle-orm';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';
import { isUuid } from '../lib/ids.ts';
import {
  knownAccessToken,
  type VerifiedAccessToken,
  verifyAccessToken,
} from '../modules/auth/tokens.ts';
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

/** Lets the request in as `account`, or refuses it: unknown, not confirmed, or signed out. */
function admit(
  request: FastifyRequest,
  verified: VerifiedAccessToken,
  account: AccountRow | undefined,
): void {
  if (
    !account ||
    account.status !== USER_STATUS.confirmed ||
    account.sessionVersion !== verified.sessionVersion
  ) {
    throw unauthenticated();
  }
  request.user = { id: account.id, role: account.role, status: account.status };
}

async function authenticateReading(request: FastifyRequest, token: string): Promise<void> {
  const verified = await verifyAccessToken(token, request.server.config.jwtSecret);
  if (!verified || !isUuid(verified.userId)) throw unauthenticated();
  const { db, caches } = request.server;
  const account = await caches.accounts.get(verified.userId, () =>
    readAccount(db, verified.userId),
  );
  admit(request, verified, account);
}

/**
 * onRequest: verifies the Bearer JWT, then loads the account, so a suspended or cancelled
 * user, or a token issued before a password reset, loses access at once instead of when the
 * token expires (a cached account is dropped when the change commits). 401 otherwise.
 * A callback hook: the usual case, a token and an account already in memory, then settles
 * without a promise.
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
  const verified = knownAccessToken(token, request.server.config.jwtSecret);
  const held = verified ? request.server.caches.accounts.peek(verified.userId) : undefined;
  if (!verified || !held) {
    authenticateReading(request, token).then(
      () => done(),
      (error: FastifyError) => done(error),
    );
    return;
  }
  try {
    admit(request, verified, held.value);
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
