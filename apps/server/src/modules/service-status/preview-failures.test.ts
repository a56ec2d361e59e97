import { it as text } from '@lexpath/shared';
import { ROLES } from '@lexpath/shared/roles';
import type { TPreviewFailure } from '@lexpath/shared/schemas/service-status';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewFailures, templates } from '../../db/schema.ts';
import { createPdfPool, type PdfPool } from '../../documents/pdf-pool.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { requireTool } from '../../test/tools.ts';
import {
  createPublishedTemplate,
  FINISHED_ANSWERS,
  payContract,
  startCompletedContract,
} from '../contracts/test-contracts.ts';
import { KEPT_PREVIEW_FAILURES, recordPreviewFailure } from './preview-failures.ts';

const canDraw = [requireTool('soffice'), requireTool('pdftoppm')].every(Boolean);

describe.skipIf(!canDraw)('failed previews in «Stato del servizio», on every instance', () => {
  /** Instance A: a LibreOffice that never finishes in time (1 ms), so its previews fail. */
  let failing: TestContext;
  let failingPool: PdfPool;
  /** Instance B on the same database, with a LibreOffice that works. */
  let other: TestContext;
  let admin: TestUser;
  let lawyer: TestUser;
  let templateId: string;
  let templateName: string;
  let contractId: string;

  beforeAll(async () => {
    failingPool = createPdfPool({ size: 1, timeoutMs: 1 });
    failing = await createTestContext({ app: { pdfPool: failingPool } });
    other = await createTestContext({ databaseUrl: failing.databaseUrl });
    admin = await failing.buildUser({ role: ROLES.admin });
    lawyer = await failing.buildUser();
    const { template } = await createPublishedTemplate(failing);
    templateId = template.id;
    const [row] = await failing.db
      .select({ name: templates.name })
      .from(templates)
      .where(eq(templates.id, templateId));
    templateName = row?.name ?? '';
    contractId = await startCompletedContract(failing, lawyer, templateId);
  }, 60_000);

  afterAll(async () => {
    await other?.close();
    await failing?.close();
    await failingPool?.close();
  });

  async function listedBy(ctx: TestContext): Promise<TPreviewFailure[]> {
    const response = await ctx.injectAs(admin)({ method: 'GET', url: '/api/service-status' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.previews;
  }

  it('a preview failed on one instance is listed by another, and after a restart; a later success removes it', async () => {
    const started = performance.now();
    const failed = await failing.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/preview/${contractId}`,
    });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toBe(text.documents.previewFailed);
    console.log(`failed preview answered in ${Math.round(performance.now() - started)} ms`);

    const expected = {
      at: expect.any(String),
      output: 'pdf',
      reason: 'timeout',
      templateId,
      templateName,
      contractId,
      document: 1,
    };
    await expect.poll(() => listedBy(other), { timeout: 5000 }).toEqual([expected]);
    // Neither the answers nor the lawyer are stored: the row names the document only.
    const [row] = await other.db.select().from(previewFailures);
    expect(Object.keys(row ?? {}).sort()).toEqual(
      ['contractId', 'document', 'failedAt', 'id', 'output', 'reason', 'templateId'].sort(),
    );

    // Instance B restarted: a new app on the same database, with nothing in its memory.
    await other.close();
    other = await createTestContext({ databaseUrl: failing.databaseUrl });
    expect(await listedBy(other)).toEqual([expected]);

    const fixed = await other.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/preview/${contractId}`,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    await expect.poll(() => listedBy(failing), { timeout: 5000 }).toEqual([]);
  }, 120_000);

  it("an admin's try-out of the template and a bought document's PDF/A are recorded with their own reference", async () => {
    const tryOut = await failing.injectAs(admin)({
      method: 'PUT',
      url: `/api/template/${templateId}/preview-test`,
      payload: { answers: FINISHED_ANSWERS },
    });
    expect(tryOut.statusCode).toBe(503);
    await payContract(failing, lawyer, contractId);
    const pdfA = await failing.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/download/${contractId}?format=pdf`,
    });
    expect(pdfA.statusCode).toBe(503);

    await expect
      .poll(
        async () =>
          (await listedBy(other)).map(({ output, contractId, templateId, document }) => ({
            output,
            contractId,
            templateId,
            document,
          })),
        { timeout: 5000 },
      )
      .toEqual([
        { output: 'pdf-a', contractId, templateId, document: 1 },
        { output: 'pdf', contractId: null, templateId, document: 1 },
      ]);
  }, 120_000);

  it(`keeps the newest ${KEPT_PREVIEW_FAILURES} and none older than 7 days`, async () => {
    await failing.pool.query(
      `insert into preview_failures (template_id, contract_id, document, output, reason, failed_at)
       values ($1, $2, 1, 'pdf', 'crashed', now() - interval '8 days')`,
      [templateId, contractId],
    );
    for (let index = 0; index < KEPT_PREVIEW_FAILURES + 5; index += 1) {
      await recordPreviewFailure(
        failing.db,
        { output: 'pdf', contractId, document: (index % 3) + 1 },
        index === KEPT_PREVIEW_FAILURES + 4 ? 'conversion' : 'timeout',
      );
    }
    const { rows } = await failing.pool.query<{ kept: string; oldest_days: number }>(
      `select count(*) as kept, extract(day from now() - min(failed_at))::int as oldest_days
         from preview_failures`,
    );
    expect(rows[0]).toEqual({ kept: String(KEPT_PREVIEW_FAILURES), oldest_days: 0 });
    expect((await listedBy(other))[0]).toMatchObject({ reason: 'conversion', document: 1 });
  });
});
