import { existsSync } from 'node:fs';
import {
  chmod,
  copyFile,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import {
  BackupError,
  backupDatabase,
  backupFileName,
  countRelations,
  findTools,
  pruneBackups,
  serverMajor,
  withClient,
} from './backups.ts';
import { acquireDataDirLock, DataDirInUseError } from './data-dir-lock.ts';
import { startEmbeddedPostgres } from './embedded.ts';

/*
 * The embedded PostgreSQL of `npm start` is 18, and Debian 12 packages only pg_dump 15, which
 * cannot dump it. Without a pg_dump that fits, its cluster is copied as PostgreSQL's own
 * low-level base backup describes: pg_backup_start on a connection held open, the data
 * directory copied, pg_backup_stop, its label file written into the copy as backup_label, then
 * the WAL written meanwhile. PostgreSQL's recovery makes the copy consistent at its first start.
 */

/** What a backup wrote: the file (or, for a base backup, the folder) and how. */
export type BackupWritten = { file: string; bytes: number; removed: string[]; how: string };

/** The cluster's files that must not be in a copy: the running server's own (pg_ctl reads them). */
const NOT_COPIED = new Set(['postmaster.pid', 'postmaster.opts']);

/** A WAL segment (24 hex digits) or a timeline history file. */
const WAL_FILE = /^([0-9A-F]{24}|[0-9A-F]{8}\.history)$/;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * A recursive copy that tolerates files vanishing while it runs (a live cluster removes
 * temporary files and recycles WAL: the documentation calls that normal during a base backup).
 * Returns the bytes copied. `skip` sees paths relative to the root, with '/'.
 */
async function copyTree(
  from: string,
  to: string,
  skip: (relative: string) => boolean = () => false,
  relative = '',
): Promise<number> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  await mkdir(to, { recursive: true, mode: 0o700 });
  let bytes = 0;
  for (const entry of entries) {
    const inner = relative ? `${relative}/${entry.name}` : entry.name;
    if (skip(inner)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    try {
      if (entry.isDirectory()) {
        bytes += await copyTree(source, target, skip, inner);
      } else if (entry.isSymbolicLink()) {
        await symlink(await readlink(source), target);
      } else if (entry.isFile()) {
        await copyFile(source, target);
        bytes += (await lstat(target)).size;
      }
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  return bytes;
}

/** `START WAL LOCATION: 0/2000028 (file 000000010000000000000002)` of a label file. */
function startWalFile(labelfile: string): string | undefined {
  return /START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)/.exec(labelfile)?.[1];
}

/**
 * A base backup of the embedded cluster of `dataDir` (running, reached at `url`) into
 * `folder`, as a folder `lexpath-<date>.base` holding `pg/` (the cluster, with backup_label and
 * the WAL since the start) and `pg-password` (the superuser's, which the copy's roles expect).
 * Written under a temporary name first, like the dumps.
 */
export async function baseBackupEmbedded(options: {
  url: string;
  dataDir: string;
  folder: string;
  keep: number;
  now?: Date;
}): Promise<BackupWritten> {
  const clusterDir = path.join(options.dataDir, 'pg');
  await mkdir(options.folder, { recursive: true });
  const file = path.join(options.folder, backupFileName(options.now ?? new Date(), 'base'));
  const partial = `${file}.partial`;
  const copy = path.join(partial, 'pg');
  // The backup lives as long as this connection: were it lost, PostgreSQL aborts the backup.
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  try {
    await client.query('select pg_backup_start($1, true)', [`lexpath ${path.basename(file)}`]);
    let bytes = await copyTree(clusterDir, copy, (relative) => {
      if (NOT_COPIED.has(relative)) return true;
      // pg_wal itself is kept (empty); its files are copied after the stop.
      return relative.startsWith('pg_wal/');
    });
    const { rows } = await client.query<{ lsn: string; labelfile: string; spcmapfile: string }>(
      'select lsn, labelfile, spcmapfile from pg_backup_stop(wait_for_archive => false)',
    );
    const stopped = rows[0];
    if (!stopped) throw new BackupError('pg_backup_stop returned nothing');
    // Byte for byte, as the documentation asks: recovery reads the start location from it.
    await writeFile(path.join(copy, 'backup_label'), stopped.labelfile);
    if (stopped.spcmapfile) {
      await writeFile(path.join(copy, 'tablespace_map'), stopped.spcmapfile);
    }
    // No WAL archive: the segments written since the start are still in pg_wal after the stop.
    const wal = path.join(copy, 'pg_wal');
    await mkdir(path.join(wal, 'archive_status'), { recursive: true, mode: 0o700 });
    for (const name of await readdir(path.join(clusterDir, 'pg_wal'))) {
      if (!WAL_FILE.test(name)) continue;
      try {
        await copyFile(path.join(clusterDir, 'pg_wal', name), path.join(wal, name));
        bytes += (await stat(path.join(wal, name))).size;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    const first = startWalFile(stopped.labelfile);
    if (!first || !existsSync(path.join(wal, first))) {
      throw new BackupError(
        `The WAL segment where the backup starts (${first ?? '?'}) was recycled before it was copied: run the backup again.`,
      );
    }
    await copyFile(path.join(options.dataDir, 'pg-password'), path.join(partial, 'pg-password'));
    await rename(partial, file);
    const removed = await pruneBackups(options.folder, options.keep);
    return {
      file,
      bytes,
      removed,
      how: `base backup of the embedded PostgreSQL up to ${stopped.lsn}`,
    };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * `npm run backup` of the embedded database: pg_dump when one of its version or newer is
 * installed (the dump restores anywhere), else a base backup of the cluster.
 */
export async function backupEmbeddedDatabase(options: {
  url: string;
  dataDir: string;
  folder: string;
  keep: number;
  now?: Date;
}): Promise<BackupWritten> {
  const major = await withClient(options.url, serverMajor);
  const fits = (await findTools('pg_dump')).some((tool) => tool.major >= major);
  if (!fits) return baseBackupEmbedded(options);
  const dump = await backupDatabase(options);
  return { ...dump, how: `pg_dump from ${path.dirname(dump.pgDump)}` };
}

/** A base backup folder: its cluster has a backup_label. */
export function isBaseBackup(file: string): boolean {
  return existsSync(path.join(file, 'pg', 'backup_label'));
}

/**
 * A base backup into the embedded database of `dataDir`, which must hold none yet (its server
 * stopped). PostgreSQL's recovery runs here, at the copy's first start, so a backup that cannot
 * be recovered is reported now and leaves the DATA_DIR without a cluster.
 */
export async function restoreBaseBackup(options: {
  dataDir: string;
  file: string;
}): Promise<{ relations: number }> {
  if (!isBaseBackup(options.file)) {
    throw new BackupError(`${options.file} is not a base backup (no pg/backup_label in it)`);
  }
  const clusterDir = path.join(options.dataDir, 'pg');
  if (existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    throw new BackupError(
      `DATA_DIR=${options.dataDir} already holds an embedded database: restore into a new, empty DATA_DIR. Nothing was changed.`,
    );
  }
  await mkdir(options.dataDir, { recursive: true });
  let lock: Awaited<ReturnType<typeof acquireDataDirLock>>;
  try {
    lock = await acquireDataDirLock(options.dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new BackupError(
        `A LexPath server (pid ${error.pid}) is using DATA_DIR=${options.dataDir}: stop it first.`,
      );
    }
    throw error;
  }
  try {
    await rm(clusterDir, { recursive: true, force: true });
    await copyTree(path.join(options.file, 'pg'), clusterDir);
    // PostgreSQL refuses a data directory others may read.
    await chmod(clusterDir, 0o700);
    const password = path.join(options.dataDir, 'pg-password');
    await writeFile(password, await readFile(path.join(options.file, 'pg-password')), {
      mode: 0o600,
    });
    try {
      const quiet = { info: () => undefined, debug: () => undefined, warn: () => undefined };
      const embedded = await startEmbeddedPostgres({ dataDir: options.dataDir, logger: quiet });
      try {
        return { relations: await withClient(embedded.url, countRelations) };
      } finally {
        await embedded.stop();
      }
    } catch (error) {
      await rm(clusterDir, { recursive: true, force: true });
      await rm(password, { force: true });
      throw new BackupError(
        `PostgreSQL could not recover the base backup ${options.file}: ${(error as Error).message}${(error as Error).cause ? ` (${String((error as Error).cause)})` : ''}. DATA_DIR=${options.dataDir} is left without a database.`,
      );
    }
  } finally {
    await lock.release();
  }
}
