import { ROLES, it as text, USER_STATUS } from '@lexpath/shared';
import { TEMPLATE_STATUS } from '@lexpath/shared/schemas/templates';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../db/schema.ts';
import { createTemplateViaApi } from '../modules/templates/test-templates.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import type { TestUser } from '../test/factories.ts';
import { ChangeAwareCache } from './change-aware-cache.ts';

/**
 * The caches in front of `authenticate` and the questionnaire, with a real LISTEN connection:
 * a change made here, by another instance or by hand in psql must take effect at once (or as
 * soon as PostgreSQL's notification arrives), and a lost feed must turn caching off.
 */
let ctx: TestContext;
let admin: TestUser;
let editor: TestUser;
let templateId: string;

/** Another instance (or a console session): its own connection, its own transaction. */
async function elsewhere(statement: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  await client.connect();
  try {
    await client.query(statement, values);
  } finally {
    await client.end();
  }
}

/** Polls `probe` until it returns true: notifications are asynchronous, but quick. */
async function eventually(probe: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function profileOf(user: TestUser) {
  return ctx.injectAs(user)({ method: 'GET', url: `/api/user/${user.id}` });
}

function nextQuestion(as: TestUser) {
  return ctx.injectAs(as)({
    method: 'POST',
    url: `/api/contract/questions?type=${templateId}`,
    payload: {},
  });
}

beforeAll(async () => {
  ctx = await createTestContext({ changeFeed: true });
  [admin, editor] = await Promise.all([
    ctx.buildUser({ role: ROLES.admin }),
    ctx.buildUser({ role: ROLES.editor }),
  ]);
  const [category] = await ctx.db.insert(categories).values({ name: 'Cache' }).returning();
  templateId = (
    await createTemplateViaApi(ctx, editor, { categoryId: category?.id ?? '', marker: 'cache' })
  ).id;
  const published = await ctx.injectAs(editor)({
    method: 'PUT',
    url: `/api/template/${templateId}/status`,
    payload: { status: TEMPLATE_STATUS.published },
  });
  expect(published.statusCode, published.body).toBe(200);
});

afterAll(async () => {
  await ctx.close();
});

describe('accounts cached by authenticate', () => {
  it('a suspension through the API refuses the next request at once', async () => {
    const lawyer = await ctx.buildUser();
    expect((await profileOf(lawyer)).statusCode).toBe(200);
    expect((await profileOf(lawyer)).statusCode).toBe(200);

    const suspended = await ctx.injectAs(admin)({
      method: 'POST',
      url: '/api/auth/change-user-status',
      payload: { userId: lawyer.id, status: USER_STATUS.suspended },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);

    const refused = await profileOf(lawyer);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(text.auth.unauthenticated);
  });

  it('a suspension written by another instance is refused as soon as PostgreSQL notifies', async () => {
    const lawyer = await ctx.buildUser();
    expect((await profileOf(lawyer)).statusCode).toBe(200);
    await elsewhere('update users set status = $1 where id = $2', [
      USER_STATUS.suspended,
      lawyer.id,
    ]);
    await eventually(async () => (await profileOf(lawyer)).statusCode === 401);
  });

  it('a lost feed turns caching off until it reconnects, then caches again', async () => {
    const lawyer = await ctx.buildUser();
    expect((await profileOf(lawyer)).statusCode).toBe(200);
    expect(ctx.changeFeed?.live).toBe(true);

    // The listening connection dies (a PostgreSQL restart, a network cut).
    await elsewhere(
      "select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN%' and datname = current_database()",
      [],
    );
    await eventually(async () => ctx.changeFeed?.live === false);
    expect((await profileOf(lawyer)).statusCode).toBe(200);
    // No notification can arrive now, yet a change is seen on the very next request.
    await elsewhere('update users set status = $1 where id = $2', [
      USER_STATUS.suspended,
      lawyer.id,
    ]);
    expect((await profileOf(lawyer)).statusCode).toBe(401);

    await eventually(async () => ctx.changeFeed?.live === true, 5000);
    await elsewhere('update users set status = $1 where id = $2', [
      USER_STATUS.confirmed,
      lawyer.id,
    ]);
    await eventually(async () => (await profileOf(lawyer)).statusCode === 200);
  });
});

describe('templates cached by the questionnaire', () => {
  it('follows publish and suspend, made here or elsewhere', async () => {
    const lawyer = await ctx.buildUser();
    expect((await nextQuestion(lawyer)).statusCode).toBe(200);
    expect((await nextQuestion(lawyer)).statusCode).toBe(200);

    const suspended = await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${templateId}/status`,
      payload: { status: TEMPLATE_STATUS.suspended },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await nextQuestion(lawyer)).statusCode).toBe(404);

    await elsewhere('update templates set status = $1 where id = $2', [
      TEMPLATE_STATUS.published,
      templateId,
    ]);
    await eventually(async () => (await nextQuestion(lawyer)).statusCode === 200);
  });

  it('serves the new current version after an edit', async () => {
    const lawyer = await ctx.buildUser();
    const before = await nextQuestion(lawyer);
    expect(before.json().data.question).not.toBe('Domanda modificata');

    const detail = await ctx.injectAs(editor)({
      method: 'GET',
      url: `/api/template/${templateId}`,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const template = detail.json().data;
    const [first, ...rest] = template.json_questions;
    const edited = await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${templateId}`,
      payload: {
        name: template.name,
        description: template.description,
        categoryId: template.categoryId,
        price: template.price,
        stripe_url: template.stripe_url,
        file_name: template.file_name,
        preview_name: template.preview_name,
        json_questions: [{ ...first, question: 'Domanda modificata' }, ...rest],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await nextQuestion(lawyer)).json().data.question).toBe('Domanda modificata');
  });

  it('checks a step served from memory as it checks the first: answers, then the caller', async () => {
    const lawyer = await ctx.buildUser();
    const step = (answers: object, as: TestUser = lawyer, id = templateId) =>
      ctx.injectAs(as)({
        method: 'POST',
        url: `/api/contract/questions?type=${id}`,
        payload: answers,
      });
    const first = (await nextQuestion(lawyer)).json().data;
    const answer = first.options[0] ?? 'Mario Rossi';
    const second = await step({ [first.variable]: answer });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.variable).not.toBe(first.variable);

    const unknown = await step({ [first.variable]: answer, ignota: 'x' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(text.questions.answerUnknownQuestion('ignota'));
    const malformed = await step({}, lawyer, 'non-un-id');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().message).toBe(text.errors.notFound);

    await elsewhere('update templates set status = $1 where id = $2', [
      TEMPLATE_STATUS.suspended,
      templateId,
    ]);
    await eventually(async () => (await step({})).statusCode === 404);
    // Again, now that the suspended row is held in memory.
    expect((await step({})).statusCode).toBe(404);
    // Editors still try a suspended template, from the same cached row.
    expect((await step({}, editor)).json().data.variable).toBe(first.variable);
    await elsewhere('update templates set status = $1 where id = $2', [
      TEMPLATE_STATUS.published,
      templateId,
    ]);
    await eventually(async () => (await step({})).statusCode === 200);
  });
});

describe('ChangeAwareCache', () => {
  const liveFeed = () => {
    const listeners: Array<(change: { kind: 'user'; id: string } | null) => void> = [];
    return {
      live: true,
      subscribe: (listener: (typeof listeners)[number]) => void listeners.push(listener),
      close: async () => undefined,
      notify: (id: string) => {
        for (const listener of listeners) listener({ kind: 'user', id });
      },
    };
  };

  it('does not keep a value read while the row changed', async () => {
    const feed = liveFeed();
    const cache = new ChangeAwareCache<string>('user', feed, { maxEntries: 10, ttlMs: 60_000 });
    let release: () => void = () => undefined;
    const slowRead = cache.get('a', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return 'old';
    });
    feed.notify('a');
    release();
    expect(await slowRead).toBe('old');
    expect(await cache.get('a', async () => 'new')).toBe('new');
  });

  it('reads every time without a live feed', async () => {
    const feed = { ...liveFeed(), live: false };
    const cache = new ChangeAwareCache<number>('user', feed, { maxEntries: 10, ttlMs: 60_000 });
    let reads = 0;
    await cache.get('a', async () => ++reads);
    await cache.get('a', async () => ++reads);
    expect(reads).toBe(2);
  });

  it('reads once while live, and again after a notification', async () => {
    const feed = liveFeed();
    const cache = new ChangeAwareCache<number>('user', feed, { maxEntries: 10, ttlMs: 60_000 });
    let reads = 0;
    await cache.get('a', async () => ++reads);
    await cache.get('a', async () => ++reads);
    expect(reads).toBe(1);
    feed.notify('a');
    expect(await cache.get('a', async () => ++reads)).toBe(2);
  });
});
