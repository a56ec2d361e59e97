import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, templateVersions } from '../../db/schema.ts';
import { createDocumentPool, type DocumentPool } from '../../documents/document-pool.ts';
import { createPdfPool, type PdfPool } from '../../documents/pdf-pool.ts';
import { CalendarDate } from '../../documents/typed-answers.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { requireTool } from '../../test/tools.ts';
import {
  createPublishedTemplate,
  FINISHED_ANSWERS,
  payContract,
  startContract,
} from './test-contracts.ts';

/** LibreOffice makes the preview's PDF, Poppler draws its pages as pictures. */
const canDraw = [requireTool('soffice'), requireTool('pdftoppm')].every(Boolean);

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the preview key stored with the contract', () => {
  let ctx: TestContext;
  let lawyer: TestUser;
  let templateId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    lawyer = await ctx.buildUser();
    templateId = (await createPublishedTemplate(ctx)).template.id;
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const keyOf = async (id: string) =>
    (
      await ctx.db.select({ key: contracts.previewKey }).from(contracts).where(eq(contracts.id, id))
    )[0]?.key;

  const save = async (id: string, answers: object) => {
    const response = await ctx.injectAs(lawyer)({
      method: 'PUT',
      url: `/api/contract/${id}`,
      payload: { answers },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('is the same for the same answers in any order, and changes with every answer', async () => {
    const [a, b] = [
      await startContract(ctx, lawyer, templateId),
      await startContract(ctx, lawyer, templateId),
    ];
    await save(a, FINISHED_ANSWERS);
    await save(b, Object.fromEntries(Object.entries(FINISHED_ANSWERS).reverse()));
    expect(await keyOf(a)).toMatch(/^[0-9a-f]{32}$/);
    expect(await keyOf(b)).toBe(await keyOf(a));

    const before = await keyOf(a);
    const changed = await ctx.injectAs(lawyer)({
      method: 'PUT',
      url: `/api/contract/${a}/answers/nome_cliente`,
      payload: { value: 'Anna Bianchi' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await keyOf(a)).not.toBe(before);
    await save(a, { ...FINISHED_ANSWERS, servizi: ['Giardino', 'Pulizie'] });
    expect(await keyOf(a)).not.toBe(before);
  });

  it('differs between template versions for the same answers', async () => {
    const other = await createPublishedTemplate(ctx, 'B');
    const [a, b] = [
      await startContract(ctx, lawyer, templateId),
      await startContract(ctx, lawyer, other.template.id),
    ];
    await save(a, FINISHED_ANSWERS);
    await save(b, FINISHED_ANSWERS);
    expect(await keyOf(a)).not.toBe(await keyOf(b));
  });
});

describe.skipIf(!canDraw)('the preview made while the lawyer reads the summary (issue 13)', () => {
  let ctx: TestContext;
  let pdfPool: PdfPool;
  let documentPool: DocumentPool;
  let lawyer: TestUser;
  let templateId: string;
  const warnings: string[] = [];
  /** The file each render of the document workers was given, by its cache key (its hash). */
  const rendered: string[] = [];

  beforeAll(async () => {
    const logger = pino(
      { level: 'warn' },
      new Writable({
        write(chunk, _encoding, done) {
          for (const line of chunk.toString().split('\n').filter(Boolean)) {
            warnings.push(JSON.parse(line).msg);
          }
          done();
        },
      }),
    );
    pdfPool = createPdfPool({ size: 1, queueLimit: 1, timeoutMs: 5000, logger });
    const workers = createDocumentPool();
    documentPool = {
      ...workers,
      render: (template, answers, options) => {
        rendered.push(options?.cacheKey ?? '');
        return workers.render(template, answers, options);
      },
    };
    ctx = await createTestContext({
      app: { pdfPool, documentPool, logger, previewAheadOfTime: true },
    });
    const [, published] = await Promise.all([pdfPool.warmUp(), createPublishedTemplate(ctx)]);
    templateId = published.template.id;
    lawyer = await ctx.buildUser();
  }, 90_000);

  afterAll(async () => {
    await ctx?.close();
    await pdfPool?.close();
    await documentPool?.close();
  });

  /** Where the pool keeps the contract's preview today, by the key stored with it. */
  const cacheKeyOf = async (id: string) => {
    const [row] = await ctx.db
      .select({ key: contracts.previewKey })
      .from(contracts)
      .where(eq(contracts.id, id));
    return `${row?.key}:${CalendarDate.inItaly(new Date())}`;
  };

  const saveAnswers = async (id: string, answers: object) => {
    const response = await ctx.injectAs(lawyer)({
      method: 'PUT',
      url: `/api/contract/${id}`,
      payload: { answers },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  const preview = async (id: string) => {
    const response = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/preview/${id}`,
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    return response.rawPayload;
  };

  it('converts the preview once the last answer is saved, so the preview step reads the finished PDF', async () => {
    const id = await startContract(ctx, lawyer, templateId);
    // The questionnaire saves each answer; the one that finishes it sends the lawyer to the
    // summary, still TO_COMPLETE until 'Vai all'anteprima'.
    await saveAnswers(id, { nome_cliente: 'Mario Rossi' });
    // A conversion would be under way within milliseconds: none for unfinished answers.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(pdfPool.peek(await cacheKeyOf(id), 'page-images')).toBeUndefined();
    await saveAnswers(id, FINISHED_ANSWERS);

    const key = await cacheKeyOf(id);
    const made = await waitFor(() => pdfPool.peek(key, 'page-images'));
    const completed = await ctx.injectAs(lawyer)({
      method: 'PUT',
      url: `/api/contract/${id}`,
      payload: { status: 'COMPLETED' },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    // The very PDF made ahead of time: nothing converted on the click.
    expect((await preview(id)).equals(made)).toBe(true);
    expect(await pdfPool.peek(key, 'page-images')).toBe(made);
  }, 60_000);

  it('never serves the preview of the answers it had before: a changed answer gets its own', async () => {
    const id = await startContract(ctx, lawyer, templateId);
    await saveAnswers(id, FINISHED_ANSWERS);
    const oldKey = await cacheKeyOf(id);
    const old = await waitFor(() => pdfPool.peek(oldKey, 'page-images'));

    await saveAnswers(id, { ...FINISHED_ANSWERS, nome_cliente: 'Anna Bianchi' });
    expect((await preview(id)).equals(old)).toBe(false);

    // Changed back, the answers are those of the first preview again: it is found, not redone.
    await saveAnswers(id, FINISHED_ANSWERS);
    expect((await preview(id)).equals(old)).toBe(true);
  }, 60_000);

  it('never serves the old answers when they change while the preview is converted ahead of time', async () => {
    const id = await startContract(ctx, lawyer, templateId);
    await saveAnswers(id, FINISHED_ANSWERS);
    const oldKey = await cacheKeyOf(id);
    // At once, while the first answers' preview converts.
    await saveAnswers(id, { ...FINISHED_ANSWERS, nome_cliente: 'Anna Bianchi' });
    const shown = await preview(id);
    const old = await waitFor(() => pdfPool.peek(oldKey, 'page-images'));
    expect(shown.equals(old)).toBe(false);
  }, 60_000);

  it('logs a LibreOffice failure ahead of time and converts the preview when the lawyer asks', async () => {
    const id = await startContract(ctx, lawyer, templateId);
    warnings.length = 0;
    // A hung LibreOffice: the conversion ahead of time times out and its listener is replaced.
    process.kill(-(pdfPool.status().listeners[0]?.pid as number), 'SIGSTOP');
    // Answers no other test used: their preview is in no cache.
    await saveAnswers(id, { ...FINISHED_ANSWERS, servizi: ['Portineria'] });
    await waitFor(
      () => warnings.includes('Preview ahead of time failed: converted when asked') || undefined,
      20_000,
    );
    expect(pdfPool.peek(await cacheKeyOf(id), 'page-images')).toBeUndefined();
    const shown = await preview(id);
    expect(shown.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 60_000);

  it('converts a bought document to PDF/A right after its payment: the PDF download sends those very bytes', async () => {
    const id = await startContract(ctx, lawyer, templateId);
    await saveAnswers(id, { ...FINISHED_ANSWERS, nome_cliente: 'Anna Bianchi' });
    const completed = await ctx.injectAs(lawyer)({
      method: 'PUT',
      url: `/api/contract/${id}`,
      payload: { status: 'COMPLETED' },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const [version] = await ctx.db
      .select({ master: templateVersions.masterSha256 })
      .from(contracts)
      .innerJoin(templateVersions, eq(templateVersions.id, contracts.templateVersionId))
      .where(eq(contracts.id, id));
    const rendersOfMaster = () => rendered.filter((key) => key === version?.master).length;
    const before = rendersOfMaster();
    await payContract(ctx, lawyer, id);
    const download = async (query = '') => {
      const response = await ctx.injectAs(lawyer)({
        method: 'GET',
        url: `/api/contract/download/${id}${query}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.rawPayload;
    };
    // Keyed by the .docx it converts: the download's own bytes name it.
    const docx = await download();
    const key = `bought:${createHash('sha256').update(docx).digest('base64url')}`;
    const prepared = await waitFor(() => pdfPool.peek(key, 'pdf-a'), 30_000);
    const pdf = await download('?format=pdf');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A PDF converted again would differ (its creation time, its document id).
    expect(pdf.equals(await prepared)).toBe(true);
    // One render of the master for the PDF/A and both downloads.
    expect(rendersOfMaster() - before).toBe(1);
  }, 90_000);
});
