import { it as messages } from '@lexpath/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.ts';
import { createDocumentPool, type DocumentPool } from './document-pool.ts';
import { lintTemplate } from './lint.ts';
import { extractDocumentText, renderDocx } from './render.ts';
import {
  buildDocx,
  buildManyParagraphsDocx,
  buildSampleContract,
  SAMPLE_ANSWERS,
  SAMPLE_QUESTIONS,
} from './test-docx.ts';

const pools: DocumentPool[] = [];

function pool(options: Parameters<typeof createDocumentPool>[0] = {}): DocumentPool {
  const created = createDocumentPool(options);
  pools.push(created);
  return created;
}

afterAll(async () => {
  await Promise.all(pools.map((created) => created.close()));
});

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const { code, userMessage } = error as AppError;
  return { code, message: userMessage };
}

/**
 * How long the event loop was busy, in ms, while `work` ran: an upper bound of its longest
 * stall that, unlike timer gaps, does not count the time the OS gives other processes on a
 * loaded machine.
 */
async function eventLoopBusyMs(work: Promise<unknown>): Promise<number> {
  const start = performance.eventLoopUtilization();
  await work.catch(() => undefined);
  return performance.eventLoopUtilization(start).active;
}

describe('createDocumentPool', () => {
  const documents = pool();

  it('renders typed answers in a worker with the questions and the generation date it is given', async () => {
    const template = buildDocx(['{canone | euro} dal {inizio | data_lunga}, firmato il {oggi}']);
    const bytes = await documents.render(
      template,
      { canone: '1234.50', inizio: '2026-03-01' },
      {
        questions: [
          { variable: 'canone', type: 'importo' },
          { variable: 'inizio', type: 'data' },
        ],
        now: new Date('2026-11-23T10:00:00Z'),
      },
    );
    expect(extractDocumentText(bytes)).toBe(
      '1.234,50\u00a0€ dal 1° marzo 2026, firmato il 23/11/2026',
    );
  });

  it('lints and renders in a worker exactly as on the main thread, cache included', async () => {
    const master = buildSampleContract(24);
    const broken = buildDocx(['{#tipo == "Locazione"}', 'Manca la chiusura {ignoto}']);
    const input = { master, preview: broken, questions: SAMPLE_QUESTIONS };
    expect(await documents.lint(input)).toEqual(lintTemplate(input));

    const expected = renderDocx(master, SAMPLE_ANSWERS);
    const first = await documents.render(master, SAMPLE_ANSWERS, { cacheKey: 'sample' });
    const cached = await documents.render(master, SAMPLE_ANSWERS, { cacheKey: 'sample' });
    expect(Buffer.isBuffer(first)).toBe(true);
    expect(first.equals(expected)).toBe(true);
    expect(cached.equals(expected)).toBe(true);
  });

  it('answers a broken template with the same Italian 422 as renderDocx', async () => {
    const broken = buildDocx(['{#tipo == "Locazione"}', 'Senza chiusura']);
    expect(await failureOf(documents.render(broken, {}))).toEqual({
      code: 'unprocessable',
      message: messages.documents.renderFailed,
    });
  });

  it('keeps the event loop free while a worker parses a large document', async () => {
    const contract = buildSampleContract(300);
    // On the main thread this render keeps the event loop busy for 1.7–2 s; in the pool 1–120 ms
    // were measured on a loaded machine, the test's own garbage collection included.
    expect(await eventLoopBusyMs(documents.render(contract, SAMPLE_ANSWERS))).toBeLessThan(200);
  });

  it('stops a task over its time limit with an Italian 422, then serves the next one', async () => {
    // 150,000 empty paragraphs: a master stored before the upload caps, seconds to render.
    const slow = await buildManyParagraphsDocx(150_000);
    const limited = pool({ taskTimeoutMs: 300, maxThreads: 1 });
    await limited.warmUp();
    const outcome = failureOf(limited.render(slow, {}));
    expect(await eventLoopBusyMs(outcome)).toBeLessThan(200);
    expect(await outcome).toEqual({
      code: 'unprocessable',
      message: messages.documents.processingTimedOut,
    });
    const next = await limited.lint({ master: buildDocx(['{tipo}']), questions: SAMPLE_QUESTIONS });
    expect(next.errors).toEqual([]);
  });

  it('lets a task over the memory limit kill its worker, not the process', async () => {
    const limited = pool({ maxHeapMb: 48, maxThreads: 1 });
    await limited.warmUp();
    // 1,200 pages need about 280 MB of heap to render.
    const outcome = await failureOf(limited.render(buildSampleContract(1200), SAMPLE_ANSWERS));
    expect(outcome).toEqual({
      code: 'unprocessable',
      message: messages.documents.processingOutOfMemory,
    });
    const next = await limited.render(buildDocx(['{tipo}']), { tipo: 'Vendita' });
    expect(next.length).toBeGreaterThan(0);
  });

  it('refuses a task with an Italian 503 when every thread is busy and the queue is full', async () => {
    const slow = await buildManyParagraphsDocx(150_000);
    const limited = pool({ maxThreads: 1, queueLimit: 1, taskTimeoutMs: 300 });
    await limited.warmUp();
    const [running, queued, refused] = await Promise.all(
      [1, 2, 3].map(() => failureOf(limited.render(slow, {}))),
    );
    expect(refused).toEqual({ code: 'unavailable', message: messages.documents.processingBusy });
    expect([running, queued]).toEqual([
      { code: 'unprocessable', message: messages.documents.processingTimedOut },
      { code: 'unprocessable', message: messages.documents.processingTimedOut },
    ]);
  });
});
