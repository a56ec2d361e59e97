import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import type { Database } from './client.ts';

export const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

/** Any constant works; it only has to be the same in every instance of this app. */
const MIGRATION_LOCK_KEY = 7_231_964_001;

/** Where drizzle records what it applied: one row per migration, `created_at` its journal time. */
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

/**
 * The database holds a migration this build does not have: a newer version migrated it, and
 * this one would run against a schema it was not written for (drizzle itself would start
 * silently, since it only applies what is newer than the last row).
 */
export class MigrationsFromNewerVersionError extends Error {
  override name = 'MigrationsFromNewerVersionError';

  constructor(readonly unknown: { hash: string; createdAt: number }[]) {
    const named = unknown
      .map(
        ({ hash, createdAt }) =>
          `migration of ${new Date(createdAt).toISOString()} (hash ${hash.slice(0, 12)})`,
      )
      .join(', ');
    super(
      `The database was migrated by a newer LexPath version: ${named} is not among this version's migrations (apps/server/drizzle). Start the newer version, or restore a backup taken before it.`,
    );
  }
}

let newestKnown: number | undefined;

/** The journal time of this build's last migration: the database is current when it has it. */
export function newestMigrationMillis(): number {
  newestKnown ??= Math.max(
    ...readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis),
  );
  return newestKnown;
}

async function appliedAfter(
  client: pg.PoolClient,
  millis: number,
): Promise<{ hash: string; createdAt: number }[]> {
  const table = await client.query<{ exists: boolean }>(
    `select to_regclass('${MIGRATIONS_TABLE}') is not null as exists`,
  );
  if (!table.rows[0]?.exists) return [];
  const rows = await client.query<{ hash: string; created_at: string }>(
    `select hash, created_at from ${MIGRATIONS_TABLE} where created_at > $1 order by created_at`,
    [millis],
  );
  return rows.rows.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) }));
}

/**
 * Applies the committed drizzle-kit migrations. Several instances starting together on one
 * database take turns through a session-level advisory lock on one connection: the first
 * applies them, the others wait, then find nothing left to do. A database that a newer version
 * has migrated is refused with MigrationsFromNewerVersionError.
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  // Until the unlock succeeds the session may hold the lock (or be dead): it is ended, not
  // returned to the pool, where it would keep the other instances waiting.
  let broken = true;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const unknown = await appliedAfter(client, newestMigrationMillis());
      if (unknown.length > 0) throw new MigrationsFromNewerVersionError(unknown);
      await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client
        .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
        .then(() => {
          broken = false;
        })
        .catch(() => undefined);
    }
  } finally {
    client.release(broken);
  }
}

/** True when the database's last migration is this build's newest (readiness). */
export async function migrationsAreCurrent(db: Database): Promise<boolean> {
  const rows = await db.execute<{ newest: string | null }>(
    sql.raw(`select max(created_at) as newest from ${MIGRATIONS_TABLE}`),
  );
  return Number(rows.rows[0]?.newest) === newestMigrationMillis();
}
