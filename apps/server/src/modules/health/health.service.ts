import { it } from '@lexpath/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';

/** Healthy means the database answers; a load balancer takes the instance out otherwise. */
export async function checkHealth(db: Database): Promise<{ status: 'ok' }> {
  try {
    await db.execute(sql`select 1`);
  } catch (error) {
    throw new AppError(503, it.errors.databaseUnavailable, { cause: error });
  }
  return { status: 'ok' };
}
