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
    const { template } = await createPublishedTemplate(ctx);
    const lawyer = await ctx.buildUser();
    const contractId = await startCompletedContract(ctx, lawyer, template.id);
    const { paymentId } = await payContract(ctx, lawyer, contractId);
    const [invoice] = (
      await ctx.pool.query<{ id: string }>('select id from invoices where payment_id = $1', [
        paymentId,
      ])
    ).rows;
    const downloadUrl = `/api/contract/download/${contractId}`;
    const xmlUrl = `/api/invoice/${invoice?.id}/xml`;
    const original = {
      docx: (await ctx.injectAs(lawyer)({ method: 'GET', url: downloadUrl })).rawPayload,
      xml: (await ctx.injectAs(lawyer)({ method: 'GET', url: xmlUrl })).body,
    };
    expect(original.docx.subarray(0, 2).toString()).toBe('PK');
    expect(original.xml).toContain('<FatturaElettronica');

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

    const restored = connectDatabase(restoredUrl, undefined, { max: 2 });
    let app: FastifyInstance | undefined;
    try {
      app = await buildApp({ config: ctx.config, db: restored.db, previewAheadOfTime: false });
      const headers = await ctx.authHeaders(lawyer);
      const docx = await app.inject({ method: 'GET', url: downloadUrl, headers });
      const xml = await app.inject({ method: 'GET', url: xmlUrl, headers });
      expect(docx.statusCode).toBe(200);
      expect(xml.statusCode).toBe(200);
      console.log(
        JSON.stringify({
          backupMs,
          restoreMs,
          docxBytes: docx.rawPayload.length,
          sameDocx: docx.rawPayload.equals(original.docx),
          sameXml: xml.body === original.xml,
        }),
      );
      expect(docx.rawPayload.equals(original.docx)).toBe(true);
      expect(xml.body).toBe(original.xml);
      expect(xml.headers['content-disposition']).toContain('.xml');
    } finally {
      await app?.close();
      await restored.pool.end();
    }
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
