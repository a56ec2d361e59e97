/**
 * `Idempotency-Key` on creations (DESIGN §3): a client that lost the answer retries with the same
 * key and gets the first answer, instead of a second contract or checkout session. A route opts in
 * by running its work through `idempotent(...)`.
 */
import { createHash } from 'node:crypto';
import { it } from '@lexpath/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, DbExecutor } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { AppError } from './app-error.ts';
import { canonicalJson } from './canonical-json.ts';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Set on an answer that repeats the first one. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';
/** How long a key answers retries; older keys are deleted and may be used again. */
export const IDEMPOTENCY_KEY_TTL = sql`interval '24 hours'`;
/** Expired keys deleted by each keyed creation: more than one, so the table cannot grow. */
const CLEANUP_BATCH = 100;

// A UUID fits easily; printable ASCII without spaces, as HTTP header tokens are.
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Runs `create` (a route's whole answer body) once per (caller, Idempotency-Key). Without the
 * header it simply runs. With it, `create` runs in a transaction that first claims the key and
 * finally stores the answer, so the key exists exactly when the creation committed:
 * - a retry with the same key and body gets the stored answer (header `Idempotent-Replayed`);
 * - the same key with another body or route: 422;
 * - a concurrent duplicate waits on the claim's unique index until the first commits, then gets
 *   its answer (or, if the first failed, runs itself). Failures are not stored: a retry after a
 *   4xx or 5xx runs again.
 * Keys expire after 24 hours; each keyed creation deletes a batch of expired ones.
 */
export async function idempotent<T>(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  create: (tx: DbExecutor) => Promise<T>,
): Promise<T> {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return create(db);
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw new AppError('invalid', it.errors.idempotencyKeyInvalid);
  }
  if (!request.user) throw new AppError('unauthenticated', it.auth.unauthenticated);
  const userId = request.user.id;
  const key = header;
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  const requestSha256 = sha256(canonicalJson(request.body ?? null));
  const thisKey = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

  const outcome = await db.transaction(async (tx) => {
    await tx
      .delete(idempotencyKeys)
      .where(and(thisKey, sql`${idempotencyKeys.createdAt} < now() - ${IDEMPOTENCY_KEY_TTL}`));
    await tx.execute(sql`
      delete from ${idempotencyKeys} where ctid = any(array(
        select ctid from ${idempotencyKeys}
        where ${idempotencyKeys.createdAt} < now() - ${IDEMPOTENCY_KEY_TTL}
        limit ${CLEANUP_BATCH} for update skip locked))`);
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, route, requestSha256, statusCode: 0, responseBody: {} })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!claimed) {
      // Another request committed this key (an insert that found it waited for that commit).
      const [first] = await tx.select().from(idempotencyKeys).where(thisKey);
      if (!first) throw new AppError('conflict', it.errors.idempotencyKeyInProgress);
      if (first.route !== route || first.requestSha256 !== requestSha256) {
        throw new AppError('unprocessable', it.errors.idempotencyKeyReused);
      }
      return { replayed: true, body: first.responseBody as T, statusCode: first.statusCode };
    }
    const body = await create(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: reply.statusCode, responseBody: body })
      .where(thisKey);
    return { replayed: false, body, statusCode: reply.statusCode };
  });
  if (outcome.replayed) reply.code(outcome.statusCode).header(IDEMPOTENT_REPLAY_HEADER, 'true');
  return outcome.body;
}
