import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { REPOSITORY_ROOT } from '../config.ts';
import {
  createPublishedTemplate,
  payContract,
  startCompletedContract,
} from '../modules/contracts/test-contracts.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import {
  DEBIAN_15_BIN,
  type PostgresCluster,
  startPostgresCluster,
} from '../test/postgres-cluster.ts';
import { withDatabase } from '../test/test-database.ts';
import { backupDatabase, backupFileName, withConfiguredDatabase } from './backups.ts';
import { connectDatabase } from './client.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { runMigrations } from './migrate.ts';

/*
 * `npm run backup` and `npm run restore FILE` as an operator runs them, on a PostgreSQL 15 of
 * Debian's (the oldest server we support, and the one whose pg_dump and pg_restore the system
 * packages install; the embedded package ships no pg_dump), and a server built on the
 * restored database.
 */

const run = promisify(execFile);
const SERVER_FOLDER = path.join(REPOSITORY_ROOT, 'apps/server');

let postgres: PostgresCluster;
let ctx: TestContext;
let folder: string;

/** `npm run <script> -w apps/server -- …args` without npm: its command, in its folder. */
function runScript(script: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) {
  return run(process.execPath, ['--import', 'tsx', `src/scripts/${script}.ts`, ...args], {
    cwd: SERVER_FOLDER,
    env: { ...process.env, INIT_CWD: folder, ...env },
    timeout: 120_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? 1,
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );
}

async function createEmptyDatabase(): Promise<string> {
  const name = `restored_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return withDatabase(postgres.adminUrl, name);
}

/** A lawyer buys a document: its .docx and its invoice's XML as first downloaded. */
async function buyDocument(on: TestContext) {
  const { template } = await createPublishedTemplate(on);
  const lawyer = await on.buildUser();
  const contractId = await startCompletedContract(on, lawyer, template.id);
  const { paymentId } = await payContract(on, lawyer, contractId);
  const [invoice] = (
    await on.pool.query<{ id: string }>('select id from invoices where payment_id = $1', [
      paymentId,
    ])
  ).rows;
  const downloadUrl = `/api/contract/download/${contractId}`;
  const xmlUrl = `/api/invoice/${invoice?.id}/xml`;
  const original = {
    docx: (await on.injectAs(lawyer)({ method: 'GET', url: downloadUrl })).rawPayload,
    xml: (await on.injectAs(lawyer)({ method: 'GET', url: xmlUrl })).body,
  };
  expect(original.docx.subarray(0, 2).toString()).toBe('PK');
  expect(original.xml).toContain('<FatturaElettronica');
  const headers = await on.authHeaders(lawyer);
  return { downloadUrl, xmlUrl, original, headers, config: on.config };
}

/** The same downloads from a server built on the restored database. */
async function downloadFrom(url: string, bought: Awaited<ReturnType<typeof buyDocument>>) {
  const restored = connectDatabase(url, undefined, { max: 2 });
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ config: bought.config, db: restored.db, previewAheadOfTime: false });
    const { headers } = bought;
    const docx = await app.inject({ method: 'GET', url: bought.downloadUrl, headers });
    const xml = await app.inject({ method: 'GET', url: bought.xmlUrl, headers });
    expect(docx.statusCode).toBe(200);
    expect(xml.statusCode).toBe(200);
    return {
      docx: docx.rawPayload,
      xml: xml.body,
      xmlDisposition: String(xml.headers['content-disposition']),
    };
  } finally {
    await app?.close();
    await restored.pool.end();
  }
}

beforeAll(async () => {
  postgres = await startPostgresCluster('backups', { bin: DEBIAN_15_BIN });
  const migrating = connectDatabase(postgres.url, undefined, { max: 1 });
  try {
    await runMigrations(migrating.pool);
  } finally {
    await migrating.pool.end();
  }
  ctx = await createTestContext({ databaseUrl: postgres.url });
  const root = path.join(REPOSITORY_ROOT, '.test-data');
  await mkdir(root, { recursive: true });
  folder = await mkdtemp(path.join(root, 'backups-'));
  await chmod(folder, 0o755);
});

afterAll(async () => {
  await ctx?.close();
  await postgres?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
}, 60_000);

describe('npm run backup and npm run restore', () => {
  it('restores a purchase into a new database, where a server downloads the same document and the same invoice XML', async () => {
    const bought = await buyDocument(ctx);
    const started = performance.now();
    const backup = await runScript('backup', { DATABASE_URL: ctx.databaseUrl, DATA_DIR: folder });
    const backupMs = Math.round(performance.now() - started);
    expect(backup.code, backup.stderr).toBe(0);
    const file = backup.stdout.trim();
    expect(path.dirname(file)).toBe(path.join(folder, 'backups'));
    expect(path.basename(file)).toMatch(
      /^lexpath-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.dump$/,
    );
    expect(backup.stderr).toMatch(/^backup written \(\d+ bytes, pg_dump from /);

    const restoredUrl = await createEmptyDatabase();
    const restoring = performance.now();
    // A relative FILE, as typed in the folder where npm runs.
    const restore = await runScript('restore', { DATABASE_URL: restoredUrl }, [
      path.relative(folder, file),
    ]);
    const restoreMs = Math.round(performance.now() - restoring);
    expect(restore.code, restore.stderr).toBe(0);

    const again = await downloadFrom(restoredUrl, bought);
    console.log(
      JSON.stringify({
        backupMs,
        restoreMs,
        docxBytes: again.docx.length,
        sameDocx: again.docx.equals(bought.original.docx),
        sameXml: again.xml === bought.original.xml,
      }),
    );
    expect(again.docx.equals(bought.original.docx)).toBe(true);
    expect(again.xml).toBe(bought.original.xml);
    expect(again.xmlDisposition).toContain('.xml');
  }, 120_000);

  it('refuses to restore into a database that is not empty, and changes nothing', async () => {
    const [file] = (await readdir(path.join(folder, 'backups'))).filter((name) =>
      name.endsWith('.dump'),
    );
    const before = await ctx.pool.query('select id from contracts order by id');
    const restore = await runScript('restore', { DATABASE_URL: ctx.databaseUrl }, [
      path.join('backups', file ?? ''),
    ]);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(
      /^The database "lexpath" is not empty \(\d+ tables, sequences or views\): restore into a new, empty database \(createdb, or a new DATA_DIR for the embedded one\)\. Nothing was changed\.$/m,
    );
    expect((await ctx.pool.query('select id from contracts order by id')).rows).toEqual(
      before.rows,
    );

    const missing = await runScript('restore', { DATABASE_URL: await createEmptyDatabase() }, [
      'no-such-backup.dump',
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`${path.join(folder, 'no-such-backup.dump')}: no such file`);
  }, 60_000);

  it('restores into the embedded database of a new DATA_DIR, which then holds the same contracts', async () => {
    const [file] = (await readdir(path.join(folder, 'backups'))).filter((name) =>
      name.endsWith('.dump'),
    );
    const dataDir = path.join(folder, 'embedded');
    const restore = await runScript('restore', { DATABASE_URL: '', DATA_DIR: dataDir }, [
      path.join('backups', file ?? ''),
    ]);
    expect(restore.code, restore.stderr).toBe(0);
    const contracts = async (url: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query('select id, status from contracts order by id')).rows;
      } finally {
        await client.end();
      }
    };
    const restored = await withConfiguredDatabase(
      { dataDir, databaseUrl: undefined },
      { whileServing: false },
      contracts,
    );
    expect(restored).toEqual(await contracts(ctx.databaseUrl));
    expect(restored.length).toBeGreaterThan(0);
  }, 120_000);

  it('keeps the newest BACKUP_KEEP backups, oldest out first; a backup that fails leaves no file', async () => {
    const keep = path.join(folder, 'keep');
    const days = ['2026-01-01', '2026-01-02', '2026-01-03'].map(
      (day) => new Date(`${day}T03:00:00Z`),
    );
    for (const now of days) {
      await backupDatabase({ url: ctx.databaseUrl, folder: keep, keep: 2, now });
    }
    expect((await readdir(keep)).sort()).toEqual([
      backupFileName(days[1] as Date),
      backupFileName(days[2] as Date),
    ]);

    const broken = new URL(ctx.databaseUrl);
    broken.pathname = '/no_such_database';
    await expect(
      backupDatabase({
        url: broken.toString(),
        folder: keep,
        keep: 2,
        now: new Date('2026-01-04T03:00:00Z'),
      }),
    ).rejects.toThrow(/no_such_database/);
    expect((await readdir(keep)).sort()).toEqual([
      backupFileName(days[1] as Date),
      backupFileName(days[2] as Date),
    ]);
  }, 60_000);
});

describe('npm run backup of the embedded PostgreSQL 18, which no installed pg_dump can dump', () => {
  const quiet = { info: () => undefined, debug: () => undefined, warn: () => undefined };

  /** A server's embedded database, as `npm start` holds it: the DATA_DIR locked, PostgreSQL up. */
  async function serveEmbedded(dataDir: string) {
    await mkdir(dataDir, { recursive: true });
    const lock = await acquireDataDirLock(dataDir);
    const embedded = await startEmbeddedPostgres({ dataDir, logger: quiet });
    return {
      url: embedded.url,
      stop: async () => {
        await embedded.stop();
        await lock.release();
      },
    };
  }

  it('backs up a running server with the low-level API; restored into a new DATA_DIR, PostgreSQL recovers it and a server downloads the same document and invoice XML', async () => {
    const liveDir = path.join(folder, 'embedded-live');
    const live = await serveEmbedded(liveDir);
    let on: TestContext | undefined;
    let file: string;
    let bought: Awaited<ReturnType<typeof buyDocument>>;
    let backupMs: number;
    let writesBefore = 0;
    let writesAfter = 0;
    try {
      const migrating = connectDatabase(live.url, undefined, { max: 1 });
      try {
        await runMigrations(migrating.pool);
      } finally {
        await migrating.pool.end();
      }
      on = await createTestContext({ databaseUrl: live.url });
      bought = await buyDocument(on);

      // The server keeps writing while the files are copied: the copy alone is inconsistent,
      // and only the WAL replayed from the label makes it whole.
      await on.pool.query('create table backup_writes (id serial primary key, filler text)');
      let writing = true;
      let committed = 0;
      const writer = (async () => {
        while (writing) {
          await on?.pool.query(
            "insert into backup_writes (filler) select repeat('x', 500) from generate_series(1, 50)",
          );
          committed += 50;
        }
      })();
      await expect.poll(() => committed, { timeout: 5000 }).toBeGreaterThan(0);
      const committedBefore = committed;
      const started = performance.now();
      const backup = await runScript('backup', { DATABASE_URL: '', DATA_DIR: liveDir });
      backupMs = Math.round(performance.now() - started);
      writing = false;
      await writer;
      expect(backup.code, backup.stderr).toBe(0);
      file = backup.stdout.trim();
      writesBefore = committedBefore;
      writesAfter = committed;
      expect(path.dirname(file)).toBe(path.join(liveDir, 'backups'));
      expect(path.basename(file)).toMatch(
        /^lexpath-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.base$/,
      );
      expect(backup.stderr).toMatch(
        /^backup written \(\d+ bytes, base backup of the embedded PostgreSQL up to [0-9A-F]+\/[0-9A-F]+\)$/m,
      );
      // The copy is PostgreSQL's low-level backup: its label, no running server's files.
      const copied = await readdir(path.join(file, 'pg'));
      expect(copied).toContain('backup_label');
      expect(copied).not.toContain('postmaster.pid');
      expect(copied).not.toContain('postmaster.opts');
    } finally {
      await on?.close();
      await live.stop();
    }

    const newDir = path.join(folder, 'embedded-restored');
    const restoring = performance.now();
    const restore = await runScript('restore', { DATABASE_URL: '', DATA_DIR: newDir }, [
      path.relative(folder, file),
    ]);
    const restoreMs = Math.round(performance.now() - restoring);
    expect(restore.code, restore.stderr).toBe(0);
    // PostgreSQL's recovery started from the label and set it aside when consistent.
    const recovered = await readdir(path.join(newDir, 'pg'));
    expect(recovered).toContain('backup_label.old');
    expect(recovered).not.toContain('backup_label');

    const again = await runScript('restore', { DATABASE_URL: '', DATA_DIR: newDir }, [file]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      `DATA_DIR=${newDir} already holds an embedded database: restore into a new, empty DATA_DIR. Nothing was changed.`,
    );
    const elsewhere = await runScript('restore', { DATABASE_URL: ctx.databaseUrl }, [file]);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toContain('restores only into a new DATA_DIR');

    const starting = performance.now();
    const restored = await serveEmbedded(newDir);
    const startMs = Math.round(performance.now() - starting);
    try {
      // Every row committed before the backup began is there, and the table agrees with its
      // index (a torn copy without the WAL's full pages would not).
      const check = new pg.Client({ connectionString: restored.url });
      await check.connect();
      let rows: number;
      try {
        const heap = await check.query<{ rows: number }>(
          'select count(*)::int as rows from backup_writes',
        );
        await check.query('set enable_seqscan = off');
        await check.query('set enable_bitmapscan = off');
        const index = await check.query<{ rows: number }>(
          'select count(*)::int as rows from backup_writes where id > 0',
        );
        rows = heap.rows[0]?.rows ?? 0;
        expect(index.rows[0]?.rows).toBe(rows);
      } finally {
        await check.end();
      }
      expect(rows).toBeGreaterThanOrEqual(writesBefore);
      expect(rows).toBeLessThanOrEqual(writesAfter);
      const downloaded = await downloadFrom(restored.url, bought);
      console.log(
        JSON.stringify({
          baseBackupMs: backupMs,
          restoreWithRecoveryMs: restoreMs,
          startMs,
          rowsWrittenBeforeBackup: writesBefore,
          rowsRestored: rows,
          rowsWrittenByTheEnd: writesAfter,
          docxBytes: downloaded.docx.length,
          sameDocx: downloaded.docx.equals(bought.original.docx),
          sameXml: downloaded.xml === bought.original.xml,
        }),
      );
      expect(downloaded.docx.equals(bought.original.docx)).toBe(true);
      expect(downloaded.xml).toBe(bought.original.xml);
    } finally {
      await restored.stop();
    }
  }, 240_000);
});
