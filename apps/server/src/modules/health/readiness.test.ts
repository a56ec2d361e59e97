import { it as text } from '@lexpath/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { startChangeFeed } from '../../db/change-feed.ts';
import { connectDatabase } from '../../db/client.ts';
import { newestMigrationMillis } from '../../db/migrate.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ changeFeed: true });
});

afterAll(async () => {
  await ctx?.close();
});

const notReady = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: text.operations.notReady,
};

describe('GET /api/ready', () => {
  it('answers ok when PostgreSQL answers, the migrations are current and the feed listens', async () => {
    await expect.poll(() => ctx.changeFeed?.live).toBe(true);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { status: 'ok' } });
  });

  it('answers 503 with Retry-After while the database holds a migration this build lacks', async () => {
    const newer = newestMigrationMillis() + 1000;
    await ctx.pool.query(
      'insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)',
      ['f'.repeat(64), newer],
    );
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toMatch(/^\d+$/);
      expect(response.json()).toEqual(notReady);
      // Liveness does not care: the process is alive and the database answers.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await ctx.pool.query('delete from drizzle.__drizzle_migrations where created_at = $1', [
        newer,
      ]);
    }
  });

  it('answers 503 when the change feed does not listen', async () => {
    const feed = await startChangeFeed(ctx.databaseUrl);
    const app = await buildApp({ config: ctx.config, db: ctx.db, changeFeed: feed });
    try {
      await expect.poll(() => feed.live).toBe(true);
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      await feed.close();
      const response = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(notReady);
    } finally {
      await app.close();
      await feed.close();
    }
  });

  it('answers 503 with the database message when PostgreSQL is unreachable', async () => {
    const unreachable = connectDatabase('postgresql://nobody:nothing@127.0.0.1:1/none');
    const app = await buildApp({ config: ctx.config, db: unreachable.db });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toMatch(/^\d+$/);
      expect(response.json()).toEqual({ ...notReady, message: text.errors.databaseUnavailable });
    } finally {
      await app.close();
      await unreachable.pool.end();
    }
  });
});
