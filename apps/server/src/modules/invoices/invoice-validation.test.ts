import { it as text } from '@lexpath/shared';
import { and, eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingProfiles, invoiceCounters, invoices, payments } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { mailsTo } from '../../test/outbox.ts';
import {
  createPublishedTemplate,
  SAMPLE_TOTAL,
  startCompletedContract,
} from '../contracts/test-contracts.ts';
import { issueCreditNote } from './invoices.service.ts';
import { buyWithInvoice, lawyerWithBilling, PERSONA_FISICA } from './test-invoices.ts';

let ctx: TestContext;
let templateId: string;
/** What the server logged, one JSON object a line. */
const logged: { level: number; msg: string; err?: { message?: string } }[] = [];

beforeAll(async () => {
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => logged.push(JSON.parse(line)) },
  );
  ctx = await createTestContext({ app: { logger } });
  templateId = (await createPublishedTemplate(ctx, 'fatture-valide')).template.id;
});

afterAll(async () => {
  await ctx?.close();
});

async function lastNumber(): Promise<number> {
  const [counter] = await ctx.db.select().from(invoiceCounters);
  return counter?.lastNumber ?? 0;
}

describe('an invoice that would not validate against the FatturaPA schema', () => {
  it('is never issued: the payment is held (422 asking for corrected billing data, nothing recorded, no number used, the error logged) and goes through once the profile is corrected', {
    timeout: 60_000,
  }, async () => {
    const lawyer = await lawyerWithBilling(ctx, PERSONA_FISICA);
    // A profile saved before the form refused control characters.
    await ctx.db
      .update(billingProfiles)
      .set({ nome: 'Ugo\u0001\u0008' })
      .where(eq(billingProfiles.userId, lawyer.id));
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const checkout = await ctx.injectAs(lawyer)({
      method: 'POST',
      url: '/api/payment/local-checkout',
      payload: { contractId },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const sessionId: string = checkout.json().data.session_id;
    const numberBefore = await lastNumber();
    const pay = () =>
      ctx.injectAs(lawyer)({
        method: 'POST',
        url: '/api/payment',
        payload: { transactionId: sessionId, price: SAMPLE_TOTAL, contractId },
      });

    const refused = await pay();

    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(text.payments.invoiceNotIssuable);
    expect(await ctx.db.select().from(payments).where(eq(payments.contractId, contractId))).toEqual(
      [],
    );
    expect(await ctx.db.select().from(invoices).where(eq(invoices.contractId, contractId))).toEqual(
      [],
    );
    expect(await lastNumber()).toBe(numberBefore);
    expect(await mailsTo(ctx.db, lawyer.pec)).toEqual([]);
    const errors = logged.filter((line) => line.level >= 50);
    expect(JSON.stringify(errors)).toContain('PCDATA invalid Char value 1');

    // The lawyer corrects the name; the same payment goes through with the next number.
    const corrected = await ctx.injectAs(lawyer)({
      method: 'PUT',
      url: `/api/user/${lawyer.id}/billing`,
      payload: { ...PERSONA_FISICA, nome: 'Ugo' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const paid = await pay();
    expect(paid.statusCode, paid.body).toBe(200);
    const [invoice] = await ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.contractId, contractId), eq(invoices.tipo, 'TD01')));
    expect(invoice?.number).toBe(numberBefore + 1);
    expect(invoice?.xml).toContain('<Nome>Ugo</Nome>');
  });

  it('is never issued as a credit note either: the refund’s transaction rolls back with no number used', async () => {
    const lawyer = await lawyerWithBilling(ctx, PERSONA_FISICA);
    const { invoice: original } = await buyWithInvoice(ctx, lawyer, templateId);
    const numberBefore = await lastNumber();
    // A seller the schema refuses (a control character in its name).
    const seller = { ...ctx.config.seller, denominazione: 'LexPath\u0007 S.r.l.' };

    await expect(
      ctx.db.transaction((tx) => issueCreditNote(tx, seller, { invoiceId: original.id })),
    ).rejects.toThrow('does not validate against the 1.2.1 schema');

    expect(await lastNumber()).toBe(numberBefore);
    expect(
      await ctx.db.select().from(invoices).where(eq(invoices.correctsInvoiceId, original.id)),
    ).toEqual([]);
    const [{ count } = { count: -1 }] = (
      await ctx.db.execute<{ count: number }>(
        sql`select count(*)::int as count from invoices where tipo = 'TD04'`,
      )
    ).rows;
    expect(count).toBe(0);
  });
});
