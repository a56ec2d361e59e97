import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { REPOSITORY_ROOT } from '../config.ts';
import { connectDatabase } from '../db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { isProcessAlive } from '../db/processes.ts';
import { withDatabase } from './test-database.ts';

const quietLogger = {
  info: () => {},
  debug: () => {},
  warn: (object: object, message: string) => console.warn(message, object),
};

async function runAdminQuery(adminUrl: string, statement: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
    const version = await client.query<{ server_version: string }>('show server_version');
    return version.rows[0]?.server_version.split(' ')[0] ?? '?';
  } finally {
    await client.end();
  }
}

/** Clusters left by an interrupted run (Ctrl-C skips teardown) weigh ~40 MB each. */
async function removeAbandonedClusters(root: string): Promise<void> {
  for (const entry of await readdir(root)) {
    if (!entry.startsWith('server-tests-')) continue;
    const folder = path.join(root, entry);
    const pid = Number(
      (await readFile(path.join(folder, 'pg', 'postmaster.pid'), 'utf8').catch(() => '')).split(
        '\n',
      )[0],
    );
    const ageMs = Date.now() - (await stat(folder)).mtimeMs;
    // Another run may be starting in there right now: only old folders without a server.
    if (!(pid > 0 && isProcessAlive(pid)) && ageMs > 10 * 60_000) {
      await rm(folder, { recursive: true, force: true });
    }
  }
}

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL when set (CI runs the suite once more on
 * Debian's PostgreSQL 15), else an embedded one in `.test-data/` (0755: as root, PostgreSQL
 * runs as `postgres` and must traverse it). The migrations are applied once, to a template
 * database that every test file copies in about 0.2 s.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  let embedded: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  let adminUrl: string;

  if (external) {
    adminUrl = external;
  } else {
    const root = path.join(REPOSITORY_ROOT, '.test-data');
    await mkdir(root, { recursive: true });
    await chmod(root, 0o755);
    await removeAbandonedClusters(root);
    dataDir = await mkdtemp(path.join(root, 'server-tests-'));
    await chmod(dataDir, 0o755);
    embedded = await startEmbeddedPostgres({ dataDir, logger: quietLogger, disposable: true });
    adminUrl = withDatabase(embedded.url, 'postgres');
  }

  const templateName = `lexpath_template_${process.pid}_${Date.now().toString(36)}`;
  const version = await runAdminQuery(adminUrl, `create database "${templateName}"`);
  const template = connectDatabase(withDatabase(adminUrl, templateName));
  try {
    await runMigrations(template.pool);
  } finally {
    await template.pool.end();
  }
  console.log(
    `[server tests] PostgreSQL ${version} ${external ? 'at TEST_DATABASE_URL' : 'embedded'}`,
  );
  project.provide('testDatabase', { adminUrl, templateName });

  return async () => {
    if (external) {
      await runAdminQuery(adminUrl, `drop database if exists "${templateName}" with (force)`);
    }
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
