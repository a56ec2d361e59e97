import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app.ts';
import { type AppConfig, loadConfig, REPOSITORY_ROOT } from '../config.ts';
import { type ChangeFeed, startChangeFeed } from '../db/change-feed.ts';
import { connectDatabase, type Database } from '../db/client.ts';
import { refreshTokens } from '../db/schema.ts';
import {
  generateRefreshToken,
  newTokenFamilyId,
  REFRESH_TOKEN_TTL_MS,
  signAccessToken,
} from '../lib/tokens.ts';
import type { NewUser } from '../modules/users/users.service.ts';
import { buildUser, type TestUser } from './factories.ts';
import { withDatabase } from './test-database.ts';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** A configuration for tests: fixed secret, no web build, nothing written to disk. */
export function buildTestConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: path.join(REPOSITORY_ROOT, '.test-data', 'unused'),
    WEB_DIST_DIR: path.join(REPOSITORY_ROOT, '.test-data', 'no-web-dist'),
    LOG_LEVEL: 'silent',
    ...env,
  });
}

const GENEROUS_RATE_LIMITS = {
  register: { max: 10_000, timeWindowMs: 60_000 },
  forgotPassword: { max: 10_000, timeWindowMs: 60_000 },
};

export type TestContext = {
  app: FastifyInstance;
  db: Database;
  pool: pg.Pool;
  config: AppConfig;
  /** Superuser URL of this file's database (for code that opens its own connection). */
  databaseUrl: string;
  /** The change feed the app caches follow, when asked for with `changeFeed: true`. */
  changeFeed: ChangeFeed | undefined;
  /** `Authorization: Bearer …` with a valid access token for `user`. */
  authHeaders: (user: Pick<TestUser, 'id' | 'role'>) => Promise<{ authorization: string }>;
  /** An inject function that sends a valid access token for `user`. */
  injectAs: (
    user: Pick<TestUser, 'id' | 'role'>,
  ) => (options: InjectOptions) => Promise<LightMyRequestResponse>;
  buildUser: (overrides?: Partial<NewUser>) => Promise<TestUser>;
  close: () => Promise<void>;
};

/** A session (refresh-token family) for `userId`, as a login would open: its id. */
async function openTestSession(db: Database, userId: string): Promise<string> {
  const familyId = newTokenFamilyId();
  await db.insert(refreshTokens).values({
    tokenHash: generateRefreshToken().tokenHash,
    familyId,
    userId,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
  });
  return familyId;
}

async function runAdminStatement(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * The app built on a fresh, migrated database of its own (a copy of the template the global
 * setup prepared). Call it in `beforeAll`, and `close()` in `afterAll`.
 */
export async function createTestContext(
  options: {
    env?: Record<string, string>;
    app?: Partial<BuildAppOptions>;
    /** Caches on, as in the server: a LISTEN connection on this file's database. */
    changeFeed?: boolean;
    /**
     * A migrated database of the test's own (another server) instead of a copy of the suite's;
     * left as it is at close.
     */
    databaseUrl?: string;
  } = {},
): Promise<TestContext> {
  const { adminUrl, templateName } = inject('testDatabase');
  const databaseName = `test_${randomBytes(6).toString('hex')}`;
  if (!options.databaseUrl) {
    await runAdminStatement(
      adminUrl,
      `create database "${databaseName}" template "${templateName}"`,
    );
  }
  const databaseUrl = options.databaseUrl ?? withDatabase(adminUrl, databaseName);
  const { db, pool } = connectDatabase(databaseUrl, undefined, { max: 4 });
  const config = buildTestConfig(options.env);
  const changeFeed = options.changeFeed ? await startChangeFeed(databaseUrl) : undefined;
  const app = await buildApp({
    config,
    db,
    ...(changeFeed ? { changeFeed } : {}),
    // Only the tests of the preview made ahead of time want LibreOffice started by a save.
    previewAheadOfTime: false,
    ...options.app,
    // A test file registers and recovers many accounts from one address; the limits have
    // tests of their own on an app built for them.
    rateLimits: { ...GENEROUS_RATE_LIMITS, ...options.app?.rateLimits },
  });
  await app.ready();
  // Access tokens name an open session: one refresh-token family per user, opened on first use.
  const sessions = new Map<string, Promise<string>>();
  const sessionOf = (userId: string) => {
    let session = sessions.get(userId);
    if (!session) {
      session = openTestSession(db, userId);
      sessions.set(userId, session);
    }
    return session;
  };
  const authHeaders = async (user: Pick<TestUser, 'id' | 'role'>) => {
    const claims = { sub: user.id, role: user.role, sessionId: await sessionOf(user.id) };
    return { authorization: `Bearer ${await signAccessToken(claims, config.jwtSecret)}` };
  };

  return {
    app,
    db,
    pool,
    config,
    databaseUrl,
    changeFeed,
    authHeaders,
    injectAs: (user) => async (injectOptions) =>
      app.inject({
        ...injectOptions,
        headers: { ...injectOptions.headers, ...(await authHeaders(user)) },
      }),
    buildUser: (overrides) => buildUser(db, overrides),
    close: async () => {
      await app.close();
      await changeFeed?.close();
      await pool.end();
      if (!options.databaseUrl) {
        await runAdminStatement(adminUrl, `drop database if exists "${databaseName}" with (force)`);
      }
    },
  };
}
