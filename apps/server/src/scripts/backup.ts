import path from 'node:path';
import { ConfigError, loadBackupConfig } from '../config.ts';
import { BackupError, backupDatabase, withConfiguredDatabase } from '../db/backups.ts';
import { type BackupWritten, backupEmbeddedDatabase } from '../db/base-backup.ts';

/*
 * `npm run backup`: pg_dump (custom format) of the configured database — DATABASE_URL, else the
 * embedded one of DATA_DIR, running or not — into $DATA_DIR/backups, keeping the newest
 * BACKUP_KEEP (7). Prints the file's path on stdout, so a cron job can copy it elsewhere. The
 * embedded database without a pg_dump of its version gets a base backup instead (a folder).
 */
try {
  const config = loadBackupConfig();
  const folder = path.join(config.dataDir, 'backups');
  const result = await withConfiguredDatabase(
    config,
    { whileServing: true },
    async (url): Promise<BackupWritten> => {
      const options = { url, folder, keep: config.backupKeep };
      if (!config.databaseUrl)
        return backupEmbeddedDatabase({ ...options, dataDir: config.dataDir });
      const dump = await backupDatabase(options);
      return { ...dump, how: `pg_dump from ${path.dirname(dump.pgDump)}` };
    },
  );
  process.stderr.write(
    `backup written (${result.bytes} bytes, ${result.how})` +
      `${result.removed.length > 0 ? `; removed the oldest: ${result.removed.join(', ')}` : ''}\n`,
  );
  process.stdout.write(`${result.file}\n`);
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
