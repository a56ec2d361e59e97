import { it } from '@lexpath/shared';
import { sql } from 'drizzle-orm';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Database } from '../../db/client.ts';
import { migrationsAreCurrent } from '../../db/migrate.ts';
import { AppError } from '../../lib/app-error.ts';
import { isDatabaseUnavailable } from '../../lib/pg-errors.ts';

/** Healthy means the database answers; a load balancer takes the instance out otherwise. */
export async function checkHealth(db: Database): Promise<{ status: 'ok' }> {
  try {
    await db.execute(sql`select 1`);
  } catch (error) {
    throw new AppError('unavailable', it.errors.databaseUnavailable, { cause: error });
  }
  return { status: 'ok' };
}

/**
 * Ready means this instance can serve everything as it should: PostgreSQL answers, it holds
 * this build's migrations, and the change feed listens (without it the caches are off and a
 * suspension reaches this instance late). An app built without a feed (tests) caches nothing,
 * so the feed does not count there.
 */
export async function checkReadiness(
  db: Database,
  changeFeed: ChangeFeed | undefined,
): Promise<{ status: 'ok' }> {
  let current: boolean;
  try {
    current = await migrationsAreCurrent(db);
  } catch (error) {
    const message = isDatabaseUnavailable(error)
      ? it.errors.databaseUnavailable
      : it.operations.notReady;
    throw new AppError('unavailable', message, { cause: error });
  }
  if (!current || (changeFeed && !changeFeed.live)) {
    throw new AppError('unavailable', it.operations.notReady);
  }
  return { status: 'ok' };
}
