/**
 * The price a lawyer pays is the one in force when they started the contract (issue 14): an
 * editor's later price change applies to new contracts only.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, payments, templates } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import {
  createPublishedTemplate,
  payContract,
  SAMPLE_TOTAL,
  startCompletedContract,
} from './test-contracts.ts';

let ctx: TestContext;
let lawyer: TestUser;
let templateId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  lawyer = await ctx.buildUser();
  templateId = (await createPublishedTemplate(ctx, 'prezzo')).template.id;
});

afterAll(async () => {
  await ctx.close();
});

describe('price pinned at creation', () => {
  it('keeps the price of the start for the cart and the payment after the template costs more', async () => {
    const started = await startCompletedContract(ctx, lawyer, templateId);
    // The editor raises the price to 99,00 € (what PUT /template/{id} writes).
    await ctx.db.update(templates).set({ priceCents: 9900 }).where(eq(templates.id, templateId));

    const detail = await ctx.injectAs(lawyer)({ method: 'GET', url: `/api/contract/${started}` });
    expect(detail.json().data.templateId).toMatchObject({ price: 49.9, total: SAMPLE_TOTAL });
    const { paymentId } = await payContract(ctx, lawyer, started);
    const [paid] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(paid?.amountCents).toBe(6088);

    const later = await startCompletedContract(ctx, lawyer, templateId);
    const [row] = await ctx.db.select().from(contracts).where(eq(contracts.id, later));
    expect(row?.priceCents).toBe(9900);
    const laterDetail = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/${later}`,
    });
    // 99,00 € + 22 % VAT.
    expect(laterDetail.json().data.templateId).toMatchObject({ price: 99, total: '120.78' });
  });
});
