import path from 'node:path';
import { ConfigError, loadDatabaseConfig } from '../config.ts';
import { BackupError, restoreDatabase, withConfiguredDatabase } from '../db/backups.ts';
import { isBaseBackup, restoreBaseBackup } from '../db/base-backup.ts';

/*
 * `npm run restore FILE`: a backup of `npm run backup` into the configured database —
 * DATABASE_URL, else the embedded one of DATA_DIR (its server stopped) — which must be empty.
 * Then start the server on it. A base backup (a `.base` folder) restores only into the
 * embedded database of a new DATA_DIR.
 */
const [given] = process.argv.slice(2);
if (!given || given === '--help' || given === '-h') {
  process.stderr.write(
    'Usage: npm run restore FILE\nRestores a backup of `npm run backup` into DATABASE_URL, else the embedded database of DATA_DIR; the database must be empty. A base backup (.base) restores only into a new DATA_DIR.\n',
  );
  process.exit(given ? 0 : 1);
}
// npm runs this in apps/server: a relative path is taken from where `npm` was typed.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
try {
  const config = loadDatabaseConfig();
  if (isBaseBackup(file)) {
    if (config.databaseUrl) {
      throw new BackupError(
        `${file} is a base backup of an embedded PostgreSQL: it restores only into a new DATA_DIR's embedded database (leave DATABASE_URL unset).`,
      );
    }
    await restoreBaseBackup({ dataDir: config.dataDir, file });
  } else {
    await withConfiguredDatabase(config, { whileServing: false }, (url) =>
      restoreDatabase({ url, file }),
    );
  }
  process.stderr.write(`restored ${file}; start the server on this database\n`);
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
