import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from './db/client.ts';
import { newestMigrationMillis, runMigrations } from './db/migrate.ts';
import { type PostgresCluster, startPostgresCluster } from './test/postgres-cluster.ts';
import { startServerProcess } from './test/server-process.ts';
import { withDatabase } from './test/test-database.ts';

/*
 * Instances of a cluster start together on a new database: exactly one applies the migrations
 * (an advisory lock), the other waits and starts on the migrated schema.
 */

const ROUNDS = 10;

let cluster: PostgresCluster;

async function query<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  values: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  cluster = await startPostgresCluster('migrate-together');
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
}, 60_000);

describe('two servers started at the same moment on an empty database', () => {
  it(`both become healthy and every migration is applied once, ${ROUNDS} times over`, async () => {
    const { default: journal } = await import('../drizzle/meta/_journal.json', {
      with: { type: 'json' },
    });
    const starts: { round: number; msToHealthy: number[] }[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const name = `together_${round}`;
      await query(cluster.url, `create database ${name}`);
      const url = withDatabase(cluster.url, name);
      const began = performance.now();
      const servers = await Promise.all([startServerProcess(url), startServerProcess(url)]);
      try {
        const msToHealthy = await Promise.all(
          servers.map(async (server) => {
            await server.healthy();
            return Math.round(performance.now() - began);
          }),
        );
        starts.push({ round, msToHealthy });
        const applied = await query<{ hash: string; created_at: string }>(
          url,
          'select hash, created_at from drizzle.__drizzle_migrations order by created_at',
        );
        expect(applied.map((row) => Number(row.created_at))).toEqual(
          journal.entries.map((entry) => entry.when),
        );
        for (const server of servers) {
          expect(server.output()).not.toMatch(/could not open the database/);
        }
        if (round === 1) {
          // Both serve: ready, and their metrics (with Node's own) from loopback.
          for (const server of servers) {
            expect((await fetch(`${server.baseUrl}/api/ready`)).status).toBe(200);
            const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
            expect(metrics).toMatch(/^lexpath_database_up 1$/m);
            expect(metrics).toMatch(/^process_cpu_seconds_total /m);
          }
        }
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
      }
    }
    console.log(JSON.stringify({ postgres: cluster.version, starts }));
    expect(starts).toHaveLength(ROUNDS);
  }, 600_000);
});

describe('runMigrations called by two pools at once', () => {
  it('applies each migration once: the second waits for the first, then finds nothing to do', async () => {
    await query(cluster.url, 'create database in_process');
    const url = withDatabase(cluster.url, 'in_process');
    const pools = [connectDatabase(url), connectDatabase(url)];
    try {
      await Promise.all(pools.map(({ pool }) => runMigrations(pool)));
    } finally {
      await Promise.all(pools.map(({ pool }) => pool.end()));
    }
    const applied = await query<{ count: string; distinct: string }>(
      url,
      'select count(*), count(distinct created_at) as distinct from drizzle.__drizzle_migrations',
    );
    expect(Number(applied[0]?.count)).toBe(Number(applied[0]?.distinct));
    expect(Number(applied[0]?.count)).toBeGreaterThan(10);
  }, 60_000);
});

describe('a database migrated by a newer version', () => {
  it('is refused at start with a message naming the migration this version does not know', async () => {
    await query(cluster.url, 'create database newer');
    const url = withDatabase(cluster.url, 'newer');
    const first = await startServerProcess(url);
    await first.healthy();
    await first.stop();
    const newer = newestMigrationMillis() + 86_400_000;
    const hash = 'ab12cd34ef56'.padEnd(64, '0');
    await query(
      url,
      'insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)',
      [hash, newer],
    );

    const refused = await startServerProcess(url);
    const code = await refused.exited;
    await refused.stop();

    expect(code).toBe(1);
    expect(refused.output()).toContain(
      `The database was migrated by a newer LexPath version: migration of ${new Date(newer).toISOString()} (hash ab12cd34ef56) is not among this version's migrations (apps/server/drizzle). Start the newer version, or restore a backup taken before it.`,
    );
    // Refused before anything was applied or changed.
    const rows = await query<{ count: string }>(
      url,
      'select count(*) from drizzle.__drizzle_migrations where created_at > $1',
      [newestMigrationMillis()],
    );
    expect(Number(rows[0]?.count)).toBe(1);
  }, 180_000);
});
