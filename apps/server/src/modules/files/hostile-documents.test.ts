import type { AddressInfo } from 'node:net';
import { ROLES, it as text } from '@lexpath/shared';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, files } from '../../db/schema.ts';
import { createDocumentPool, type DocumentPool } from '../../documents/document-pool.ts';
import {
  buildManyParagraphsDocx,
  buildSampleContract,
  SAMPLE_QUESTIONS,
} from '../../documents/test-docx.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import {
  buildTestPreview,
  createTemplateViaApi,
  uploadMaster,
} from '../templates/test-templates.ts';

/**
 * Issue 10: a master of millions of tiny paragraphs (a few hundred KB zipped, 95 MB unpacked)
 * was parsed on the main thread: every request stalled and the process died out of memory.
 * These tests listen on loopback, so the health checks really share the server's event loop.
 */

let ctx: TestContext;
let editor: TestUser;
let baseUrl: string;

/**
 * The app on 127.0.0.1, as a browser reaches it (inject would not share the event loop), with
 * one health check done: the first `fetch` of a process loads its HTTP client, which is not
 * the server's latency.
 */
async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  await (await fetch(`${base}/api/health`)).arrayBuffer();
  return base;
}

/**
 * Polls GET /api/health one request after another while `work` runs (at least three times) and
 * returns the slowest answer in ms: how long the event loop kept a request waiting.
 */
async function slowestHealthCheck(base: string, work: Promise<unknown>): Promise<number> {
  let done = false;
  const finish = () => {
    done = true;
  };
  work.then(finish, finish);
  const latencies: number[] = [];
  while (!done || latencies.length < 3) {
    const started = performance.now();
    const response = await fetch(`${base}/api/health`);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    expect(response.status).toBe(200);
  }
  return Math.max(...latencies);
}

async function uploadOverHttp(base: string, master: Buffer): Promise<Response> {
  const form = new FormData();
  form.append('questions', JSON.stringify(SAMPLE_QUESTIONS));
  const type = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  form.append('master', new Blob([master], { type }), 'Contratto.docx');
  form.append('preview', new Blob([buildTestPreview('ostile')], { type }), 'Anteprima.docx');
  return fetch(`${base}/api/template/upload-master`, {
    method: 'POST',
    headers: await ctx.authHeaders(editor),
    body: form,
  });
}

async function countFiles(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(files);
  return row?.n ?? 0;
}

beforeAll(async () => {
  ctx = await createTestContext();
  editor = await ctx.buildUser({ role: ROLES.editor });
  baseUrl = await listen(ctx.app);
});

afterAll(async () => {
  await ctx.close();
});

describe('hostile masters on upload', () => {
  it('refuses the 95 MB many-paragraph master with 422 while /api/health answers within 200 ms', async () => {
    // 15.8 million empty paragraphs: 95 MB unpacked (under the 100 MB cap), ~140 KB zipped.
    const bomb = await buildManyParagraphsDocx(15_800_000);
    const before = await countFiles();

    const upload = uploadOverHttp(baseUrl, bomb);
    const slowest = await slowestHealthCheck(baseUrl, upload);
    const response = await upload;

    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: unknown }).message).toBe(
      `Master: ${text.documents.upload.tooManyParagraphs.charAt(0).toLowerCase()}${text.documents.upload.tooManyParagraphs.slice(1)}`,
    );
    expect(slowest).toBeLessThan(200);
    expect(await countFiles()).toBe(before);
  });

  it('refuses a 150,000-paragraph master (under the old caps) and stores nothing', async () => {
    const before = await countFiles();
    const response = await uploadMaster(ctx, editor, {
      questions: SAMPLE_QUESTIONS,
      master: { filename: 'Paragrafi.docx', content: await buildManyParagraphsDocx(150_000) },
      preview: { filename: 'Paragrafi - anteprima.docx', content: buildTestPreview('150k') },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'Master: il documento contiene più di 40.000 paragrafi: dividilo in più documenti.',
    );
    expect(await countFiles()).toBe(before);
  });

  it('accepts a realistic 300-page master', async () => {
    const response = await uploadMaster(ctx, editor, {
      questions: SAMPLE_QUESTIONS,
      master: { filename: 'Trecento pagine.docx', content: buildSampleContract(300) },
      preview: { filename: 'Trecento pagine - anteprima.docx', content: buildTestPreview('300') },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.warnings).toEqual([]);
  });
});

describe('a stored master over the worker limits', () => {
  let limited: TestContext;
  let documentPool: DocumentPool;
  let limitedUrl: string;

  beforeAll(async () => {
    documentPool = createDocumentPool({ taskTimeoutMs: 1_000 });
    limited = await createTestContext({ app: { documentPool } });
    limitedUrl = await listen(limited.app);
  });

  afterAll(async () => {
    await limited.close();
    await documentPool.close();
  });

  it('stops a render over the time limit with an Italian 422; the server keeps answering', async () => {
    const admin = await limited.buildUser({ role: ROLES.admin });
    const [category] = await limited.db
      .insert(categories)
      .values({ name: 'Contratti' })
      .returning();
    const template = await createTemplateViaApi(limited, admin, {
      categoryId: category?.id ?? '',
    });
    // A master stored before the upload caps: a million empty paragraphs render for seconds.
    const slow = await buildManyParagraphsDocx(1_000_000);
    await limited.db
      .update(files)
      .set({ bytes: slow, size: slow.length })
      .where(eq(files.sha256, template.file_name.slice(0, 64)));

    const render = fetch(`${limitedUrl}/api/template/${template.id}/download-test`, {
      method: 'PUT',
      headers: { ...(await limited.authHeaders(admin)), 'content-type': 'application/json' },
      body: JSON.stringify({ answers: {} }),
    });
    const slowest = await slowestHealthCheck(limitedUrl, render);
    const response = await render;

    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: unknown }).message).toBe(
      text.documents.processingTimedOut,
    );
    expect(slowest).toBeLessThan(200);
    // The terminated worker is replaced: the next lint runs.
    const next = await uploadMaster(limited, admin);
    expect(next.statusCode, next.body).toBe(200);
  });
});
