import type { AppConfig } from '../config.ts';
import { connectDatabase, type DatabaseConnection } from './client.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded.ts';
import { runMigrations } from './migrate.ts';

type Logger = Parameters<typeof startEmbeddedPostgres>[0]['logger'] & {
  error: (object: object, message: string) => void;
};

export type OpenDatabase = DatabaseConnection & {
  /** The connection string, for connections of their own (the change feed's LISTEN). */
  url: string;
  /** True for the embedded default (no DATABASE_URL): the only case that gets demo data. */
  isEmbedded: boolean;
  /** Ends the pool, then stops the embedded PostgreSQL and releases DATA_DIR. */
  close: () => Promise<void>;
};

/**
 * The database the configuration names, migrated and ready: DATABASE_URL when set, else the
 * embedded PostgreSQL in `$DATA_DIR/pg`, after claiming DATA_DIR (a second server refuses).
 */
export async function openDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  logger: Logger,
): Promise<OpenDatabase> {
  if (config.databaseUrl) {
    const connection = connectDatabase(config.databaseUrl, logger);
    try {
      await runMigrations(connection.pool);
    } catch (error) {
      await connection.pool.end();
      throw error;
    }
    return {
      ...connection,
      url: config.databaseUrl,
      isEmbedded: false,
      close: () => connection.pool.end(),
    };
  }

  const lock: DataDirLock = await acquireDataDirLock(config.dataDir);
  let embedded: EmbeddedPostgres | undefined;
  let connection: DatabaseConnection | undefined;
  const close = async () => {
    await connection?.pool.end();
    await embedded?.stop();
    await lock.release();
  };
  try {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, logger });
    connection = connectDatabase(embedded.url, logger);
    await runMigrations(connection.pool);
    return { ...connection, url: embedded.url, isEmbedded: true, close };
  } catch (error) {
    await close().catch((closeError) =>
      logger.error({ err: closeError }, 'cleanup after a failed database start failed'),
    );
    throw error;
  }
}
