import { it } from '@lexpath/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { loginThrottles } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

/*
 * Per-account sign-in limit, on top of the per-address+PEC limit of @fastify/rate-limit (which
 * twenty addresses multiply by twenty). Decisions:
 *
 * - Keyed by the PEC as typed (lower-cased), whether or not an account has it: an unknown PEC
 *   is throttled exactly like a registered one, so the limit tells nobody who is registered.
 * - One row per PEC in `login_throttles`, compared with the database's clock: every instance
 *   sees the same count and lock, whatever its own clock says.
 * - An attempt is counted as a failure when it starts, in one upsert that also refuses it while
 *   the PEC is locked, and forgiven (the row deleted) when the password proves right. Parallel
 *   guesses, from many addresses and instances, cannot all pass the check before a failure is
 *   written, and no row lock or connection is held while argon2 runs.
 * - FREE_FAILURES failures cost nothing; each further one locks the PEC for 1 s, 2 s, 4 s …
 *   at most 15 minutes: from the attempt's start (parallel attempts wait for its outcome), and
 *   again from its answer once the password proved wrong. A failure older than a day is
 *   forgotten (and its row swept).
 * - While locked the answer is 429 with Retry-After, before argon2 runs (that is the point:
 *   a locked PEC costs neither a guess nor CPU).
 * - The owner is not locked out by strangers: a password reset deletes the row, and a device
 *   that signed in to this PEC before (known-device.ts) skips this limit altogether, still
 *   under the per-address one.
 */

export const FREE_FAILURES = 5;
const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 15 * 60_000;
/** Failures this old no longer count; their rows are swept. */
const FORGET_AFTER = sql.raw(`interval '1 day'`);
/** Rows a failed attempt sweeps at most: the table stays small without a scheduled job. */
const SWEEP_BATCH = 20;

/** 429 for a locked PEC; the route turns `retryAfterSeconds` into the Retry-After header. */
export class LoginLockedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('rateLimited', it.auth.loginLocked(retryAfterSeconds));
  }
}

/** In SQL: the lock, in seconds, earned by `failures` (more than FREE_FAILURES) failures. */
function delaySeconds(failures: SQL): SQL {
  return sql`least(${MAX_DELAY_MS / 1000}::double precision,
    ${FIRST_DELAY_MS / 1000}::double precision * power(2, least(${failures} - ${FREE_FAILURES} - 1, 30)))`;
}

/**
 * Counts an attempt on `pec` before its password is checked, or throws LoginLockedError when
 * the PEC is locked (nothing is counted then).
 */
export async function admitLoginAttempt(db: DbExecutor, pec: string): Promise<void> {
  const key = pec.trim().toLowerCase();
  // The row as it will be: the failures after this attempt, the lock they earn.
  const failures = sql`(case when t.last_failure_at < now() - ${FORGET_AFTER} then 1
    else t.failures + 1 end)`;
  const admitted = await db.execute(sql`
    insert into login_throttles as t (pec, failures, last_failure_at, locked_until)
    values (${key}, 1, now(), null)
    on conflict (pec) do update set
      failures = ${failures},
      last_failure_at = now(),
      locked_until = case when ${failures} > ${FREE_FAILURES}
        then now() + make_interval(secs => ${delaySeconds(failures)}) end
    where t.locked_until is null or t.locked_until <= now()
    returning t.failures`);
  if (admitted.rows.length > 0) return;

  const [locked] = await db
    .select({
      seconds: sql<number>`ceil(extract(epoch from ${loginThrottles.lockedUntil} - now()))::int`,
    })
    .from(loginThrottles)
    .where(eq(loginThrottles.pec, key));
  // The lock may have just run out: "retry in 1 s" is still true.
  throw new LoginLockedError(Math.max(1, locked?.seconds ?? 1));
}

/** The password proved right (or was reset): the PEC's failures are forgotten. */
export async function forgiveLoginAttempts(db: DbExecutor, pec: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.pec, pec.trim().toLowerCase()));
}

/**
 * The password proved wrong: the lock the attempt earned when it started now runs from this
 * moment, so the delay separates a failure's answer from the next check whatever argon2 took.
 * A few rows whose failures are forgotten anyway are swept on the way.
 */
export async function recordLoginFailure(db: DbExecutor, pec: string): Promise<void> {
  await db.execute(sql`
    with swept as (
      delete from login_throttles where pec in (
        select pec from login_throttles
        where last_failure_at < now() - ${FORGET_AFTER}
        limit ${SWEEP_BATCH}
      )
    )
    update login_throttles as t
    set locked_until = now() + make_interval(secs => ${delaySeconds(sql`t.failures`)})
    where t.pec = ${pec.trim().toLowerCase()} and t.failures > ${FREE_FAILURES}`);
}
