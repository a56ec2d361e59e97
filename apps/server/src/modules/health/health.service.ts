import { it } from '@lexpath/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

/** Healthy means the database answers; a load balancer takes the instance out otherwise. */
export async function checkHealth(db: Database): Promise<{ status: 'ok' }> {
  try {
    await db.execute(sql`select 1`);
  } catch (error) {
    throw new AppError('unavailable', it.errors.databaseUnavailable, { cause: error });
  }
  return { status: 'ok' };
}
