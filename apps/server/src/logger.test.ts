import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { createLogger, redactUrl, serializeError } from './logger.ts';
import { createTestContext, type TestContext } from './test/context.ts';

let ctx: TestContext;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  // The server's own logger, writing where the test can read it.
  const logger = createLogger(
    { logLevel: 'info', isProduction: true },
    { write: (line: string) => lines.push(line) },
  );
  app = await buildApp({ config: ctx.config, db: ctx.db, logger });
  // A rule the code does not know about: the database refuses the row with a 23514 whose
  // detail is the whole failing row (password hash and PEC included).
  await ctx.pool.query(
    `alter table users add constraint test_no_vietato check (surname <> 'Vietato') not valid`,
  );
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

/** The log lines written while `action` ran. */
async function logOf(action: () => Promise<unknown>): Promise<string> {
  const from = lines.length;
  await action();
  return lines.slice(from).join('');
}

describe('the server log', () => {
  it('holds no password, hash or PEC when inserting a user fails', async () => {
    const pec = 'marta.log@pec.test.it';
    const password = 'Segreta#2026';
    let statusCode = 0;
    const log = await logOf(async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          name: 'Marta',
          surname: 'Vietato',
          pec,
          password,
          terms_acceptance: true,
          terms_art_9_10: true,
          privacy: true,
          newsletter: false,
        },
      });
      statusCode = response.statusCode;
    });

    // Nothing the user sent or the server derived from it.
    expect(log).not.toContain('$argon2');
    expect(log).not.toContain(pec);
    expect(log).not.toContain(password);
    expect(log).not.toContain('Failing row');
    // Still useful: what failed, where, and why.
    expect(statusCode).toBe(500);
    expect(log).toContain('request failed');
    expect(log).toContain('23514');
    expect(log).toContain('test_no_vietato');
    expect(log).toMatch(/insert into \\"users\\"/i);
  });

  it('names the request in its error lines, as in its access line (request.log, made on first use)', async () => {
    const log = await logOf(() =>
      app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          name: 'Marta',
          surname: 'Vietato',
          pec: 'marta.reqid@pec.test.it',
          password: 'Segreta#2026',
          terms_acceptance: true,
          terms_art_9_10: true,
          privacy: true,
          newsletter: false,
        },
      }),
    );
    const entries = log
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const failed = entries.find((entry) => entry.msg === 'request failed');
    const access = entries.filter((entry) => entry.msg !== 'request failed');
    expect(failed?.level).toBe(50);
    expect(failed?.reqId).toEqual(expect.any(String));
    expect(access.map((entry) => [entry.msg, entry.reqId])).toEqual([
      ['request completed', failed?.reqId],
    ]);
  });

  it('holds no PEC or reset link when queueing a password-reset mail fails with a 500', async () => {
    const lawyer = await ctx.buildUser();
    await ctx.pool.query(
      `alter table outbox add constraint test_no_mail check (to_address = '') not valid`,
    );
    let statusCode = 0;
    let log: string;
    try {
      log = await logOf(async () => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { pec: lawyer.pec },
        });
        statusCode = response.statusCode;
      });
    } finally {
      await ctx.pool.query('alter table outbox drop constraint test_no_mail');
    }

    expect(log).not.toContain(lawyer.pec);
    expect(log).not.toMatch(/token=[\w-]{10}/);
    expect(statusCode).toBe(500);
    expect(log).toContain('test_no_mail');
    expect(log).toMatch(/insert into \\"outbox\\"/i);
  });

  it('keeps the where and why of an error, causes included, without the data', () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "mario@pec.it"'), {
      code: '22P02',
      detail: 'secret detail',
      where: "unnamed portal parameter $1 = 'mario@pec.it'",
      routine: 'string_to_uuid',
    });
    const error = Object.assign(
      new Error('Failed query: select 1 where id = $1\nparams: mario@pec.it,$argon2id$v=19$x'),
      { query: 'select 1 where id = $1', params: ['mario@pec.it'], cause },
    );
    const serialized = JSON.stringify(serializeError(error));
    expect(serialized).toContain('select 1 where id = $1');
    expect(serialized).toContain('22P02');
    expect(serialized).toContain('string_to_uuid');
    expect(serialized).not.toContain('mario@pec.it');
    expect(serialized).not.toContain('argon2');
    expect(serialized).not.toContain('secret detail');
  });

  it('writes one access line per answered request: method, URL without its token, status, time', async () => {
    const log = await logOf(() => app.inject({ method: 'GET', url: '/api/health?token=segreto' }));
    const entries = log
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/health?token=[Redacted]' },
      res: { statusCode: 200 },
    });
    expect(entries[0]?.responseTime).toEqual(expect.any(Number));
    expect(entries[0]?.reqId).toEqual(expect.any(String));
    expect(log).not.toContain('segreto');
  });

  it('hides the tokens of the links in a logged URL', () => {
    expect(redactUrl('/api/auth/verify-email?token=abc&x=1')).toBe(
      '/api/auth/verify-email?token=[Redacted]&x=1',
    );
  });
});
