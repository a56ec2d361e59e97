import { Writable } from 'node:stream';
import { ROLES, it as text } from '@lexpath/shared';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../db/schema.ts';
import { createPdfPool, type PdfPool } from '../../documents/pdf-pool.ts';
import { buildSampleContract } from '../../documents/test-docx.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { requireTool } from '../../test/tools.ts';
import { buildTestMaster, TEST_QUESTIONS, uploadMaster } from '../templates/test-templates.ts';
import { startContract } from './test-contracts.ts';

/** LibreOffice makes the preview's PDF, Poppler draws its pages as pictures. */
const canDraw = [requireTool('soffice'), requireTool('pdftoppm')].every(Boolean);

/** Every answer set the sample questions allow: 2 clients × 3 contract kinds × 7 service sets. */
function distinctAnswers(count: number) {
  const services = [['Pulizie'], ['Portineria'], ['Giardino'], ['Pulizie', 'Portineria']];
  services.push(['Pulizie', 'Giardino'], ['Portineria', 'Giardino'], ['Pulizie', 'Portineria']);
  const kinds = [{ tipo: 'Vendita' }, { tipo: 'Locazione', deposito: 'Sì' }];
  kinds.push({ tipo: 'Locazione', deposito: 'No' });
  const all = ['Mario Rossi', 'Anna Bianchi'].flatMap((nome_cliente) =>
    kinds.flatMap((kind) =>
      services.map((servizi, index) => ({
        nome_cliente,
        ...kind,
        // The seventh set repeats the fourth in another order: give it all three instead.
        servizi: index === 6 ? ['Pulizie', 'Portineria', 'Giardino'] : servizi,
      })),
    ),
  );
  return all.slice(0, count);
}

describe.skipIf(!canDraw)('GET /api/contract/preview/{id} under a burst', () => {
  let ctx: TestContext;
  let pdfPool: PdfPool;
  let lawyer: TestUser;
  let templateId: string;
  const logLines: { level: number; msg?: string; err?: unknown }[] = [];

  beforeAll(async () => {
    pdfPool = createPdfPool({ size: 1, queueLimit: 2 });
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          for (const line of chunk.toString().split('\n').filter(Boolean)) {
            logLines.push(JSON.parse(line));
          }
          done();
        },
      }),
    );
    ctx = await createTestContext({ app: { pdfPool, logger } });
    const [, editor] = await Promise.all([pdfPool.warmUp(), ctx.buildUser({ role: ROLES.editor })]);
    lawyer = await ctx.buildUser();
    const [category] = await ctx.db.insert(categories).values({ name: 'Burst' }).returning();
    // A 24-page preview, as real ones are: reading and rendering it is the work to avoid.
    const upload = await uploadMaster(ctx, editor, {
      master: { filename: 'Master burst.docx', content: buildTestMaster('burst') },
      preview: { filename: 'Anteprima burst.docx', content: buildSampleContract(24) },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const created = await ctx.injectAs(editor)({
      method: 'POST',
      url: '/api/template',
      payload: {
        name: 'Contratto burst',
        description: 'Un contratto di prova.',
        categoryId: category?.id,
        price: '49,90',
        stripe_url: 'https://buy.stripe.com/test_123',
        json_questions: TEST_QUESTIONS,
        ...upload.json().data,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    templateId = created.json().data.id;
    const published = await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${templateId}/status`,
      payload: { status: 'PUBLISHED' },
    });
    expect(published.statusCode, published.body).toBe(200);
  }, 90_000);

  afterAll(async () => {
    await ctx?.close();
    await pdfPool?.close();
  });

  it('answers 200 or a quick 503 to 30 previews at once, and logs no error', async () => {
    const ids: string[] = [];
    for (const answers of distinctAnswers(30)) {
      const id = await startContract(ctx, lawyer, templateId);
      const saved = await ctx.injectAs(lawyer)({
        method: 'PUT',
        url: `/api/contract/${id}`,
        payload: { answers, status: 'COMPLETED' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      ids.push(id);
    }
    const headers = await ctx.authHeaders(lawyer);
    logLines.length = 0;

    const started = performance.now();
    const results = await Promise.all(
      ids.map(async (id) => {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/contract/preview/${id}`,
          headers,
        });
        return { status: response.statusCode, ms: performance.now() - started, response };
      }),
    );

    const busy = results.filter((result) => result.status === 503);
    const served = results.filter((result) => result.status === 200);
    const slowestBusy = Math.max(...busy.map((result) => result.ms));
    const fastestServed = Math.min(...served.map((result) => result.ms));
    const slowestServed = Math.max(...served.map((result) => result.ms));
    console.info(
      `burst of 30: ${served.length} × 200 (${Math.round(fastestServed)}–${Math.round(slowestServed)} ms), ` +
        `${busy.length} × 503 (slowest at ${Math.round(slowestBusy)} ms)`,
    );
    expect(served.length + busy.length).toBe(30);
    expect(served.length).toBeGreaterThan(0);
    expect(busy.length).toBeGreaterThan(0);
    for (const result of busy) {
      expect(result.response.json().message).toBe(text.documents.previewBusy);
      expect(Number(result.response.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Refused before reading and rendering: every 503 comes before the first PDF, well within
    // a second or two even on a loaded machine. Before the queue was checked first, the 503s of
    // this burst waited for every render (the slowest at 6 s, after the first PDFs).
    expect(slowestBusy).toBeLessThan(fastestServed);
    expect(slowestBusy).toBeLessThan(2000);
    expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
    const warnings = logLines.filter((line) => line.level === 40);
    expect(warnings).toHaveLength(busy.length);
    expect(warnings.every((line) => line.err === undefined)).toBe(true);
  }, 120_000);
});
