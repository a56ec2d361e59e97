import { type SQL, sql } from 'drizzle-orm';

/**
 * `now() + ms` on the database clock. Expiries, leases and cool-downs are compared with the
 * database's `now()`, so they use it when written too: instances may disagree on the time.
 * Negative values reach into the past.
 */
export function databaseNowPlus(ms: number): SQL {
  return sql`now() + make_interval(secs => ${ms / 1000}::double precision)`;
}
