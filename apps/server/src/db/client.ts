import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = NodePgDatabase<typeof schema>;

/** The database or a transaction on it: services that take part in a caller's transaction. */
export type DbExecutor = PgDatabase<NodePgQueryResultHKT, typeof schema>;

export type DatabaseConnection = {
  db: Database;
  pool: pg.Pool;
};

type Logger = {
  error: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
};

/** One pool per process; drizzle on top of it. */
export function connectDatabase(
  connectionString: string,
  logger?: Logger,
  options: { max?: number } = {},
): DatabaseConnection {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    // An unreachable server fails the request (and /api/health) instead of hanging it.
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', (error) => {
    // While closing, the pool ends its idle clients without waiting for them, so the embedded
    // PostgreSQL may stop first and tell a client already on its way out (57P01): expected.
    if (pool.ending && (error as { code?: string }).code === '57P01') return;
    logger?.error({ err: error }, 'PostgreSQL idle client error');
  });
  // The pool listens only to idle clients. A client checked out (a transaction, between or
  // during its statements) that loses its connection emits 'error' with no listener, which
  // kills the process. Its query fails on its own and the pool drops it when it is released,
  // so the event needs only a listener.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (pool.ending) return;
      logger?.warn({ err: error }, 'PostgreSQL connection lost while in use');
    });
  });
  return { db: drizzle({ client: pool, schema }), pool };
}
