/** Test helpers for contracts: a published template, and a contract answered to the end. */
import { ROLES } from '@lexpath/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { billingProfiles, categories } from '../../db/schema.ts';
import { SAMPLE_ANSWERS } from '../../documents/test-docx.ts';
import type { TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { type CreatedTemplate, createTemplateViaApi } from '../templates/test-templates.ts';

/** 49,90 € + 22 % VAT (10,98 €). */
export const SAMPLE_TOTAL = '60.88';
export const FINISHED_ANSWERS = SAMPLE_ANSWERS;

export async function createPublishedTemplate(
  ctx: TestContext,
  marker?: string,
): Promise<{ template: CreatedTemplate; editor: TestUser; categoryId: string }> {
  const editor = await ctx.buildUser({ role: ROLES.editor });
  const [category] = await ctx.db
    .insert(categories)
    .values({ name: `Categoria ${Math.random().toString(36).slice(2)}` })
    .returning();
  const categoryId = category?.id ?? '';
  const template = await createTemplateViaApi(ctx, editor, {
    categoryId,
    ...(marker ? { marker } : {}),
  });
  const published = await ctx.injectAs(editor)({
    method: 'PUT',
    url: `/api/template/${template.id}/status`,
    payload: { status: 'PUBLISHED' },
  });
  expect(published.statusCode, published.body).toBe(200);
  return { template, editor, categoryId };
}

export async function startContract(
  ctx: TestContext,
  as: TestUser,
  templateId: string,
): Promise<string> {
  const response = await ctx.injectAs(as)({
    method: 'PUT',
    url: '/api/contract/',
    payload: { type: templateId, answers: {}, status: 'TO_COMPLETE' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id;
}

/** A contract answered to the end and marked COMPLETED, as 'Vai all'anteprima' leaves it. */
export async function startCompletedContract(
  ctx: TestContext,
  as: TestUser,
  templateId: string,
): Promise<string> {
  const id = await startContract(ctx, as, templateId);
  const response = await ctx.injectAs(as)({
    method: 'PUT',
    url: `/api/contract/${id}`,
    payload: { answers: FINISHED_ANSWERS, status: 'COMPLETED' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return id;
}

/**
 * A professional's billing profile (valid codice fiscale and partita IVA check characters),
 * saved through the API unless `as` already has one: every checkout requires it.
 */
export const SAMPLE_BILLING = {
  tipo: 'persona_fisica',
  // A name no search test looks for: tests that search buyers give their own profiles.
  nome: 'Ugo',
  cognome: 'Zanetti',
  codice_fiscale: 'ZNTGUO70B12L219R',
  partita_iva: '01234567897',
  indirizzo: 'via Roma 1',
  cap: '00184',
  comune: 'Roma',
  provincia: 'RM',
  nazione: 'IT',
} as const;

export async function ensureBillingProfile(ctx: TestContext, as: TestUser): Promise<void> {
  const url = `/api/user/${as.id}/billing`;
  const current = await ctx.injectAs(as)({ method: 'GET', url });
  expect(current.statusCode, current.body).toBe(200);
  if (current.json().data !== null) return;
  const saved = await ctx.injectAs(as)({ method: 'PUT', url, payload: SAMPLE_BILLING });
  expect(saved.statusCode, saved.body).toBe(200);
}

/**
 * A purchase as those recorded before invoicing existed: the buyer had no billing profile. The
 * checkout requires one now, so the profile goes away between the checkout and the payment.
 */
export async function forgetBillingProfile(ctx: TestContext, as: TestUser): Promise<void> {
  await ctx.db.delete(billingProfiles).where(eq(billingProfiles.userId, as.id));
}

/**
 * The local provider's purchase: the buyer's billing profile (if missing), checkout, then
 * POST /payment with the session id. `beforeInvoicing`: paid without a billing profile, so not
 * invoiced (see forgetBillingProfile).
 */
export async function payContract(
  ctx: TestContext,
  as: TestUser,
  contractId: string,
  options: { beforeInvoicing?: boolean } = {},
): Promise<{ paymentId: string; sessionId: string }> {
  await ensureBillingProfile(ctx, as);
  const checkout = await ctx.injectAs(as)({
    method: 'POST',
    url: '/api/payment/local-checkout',
    payload: { contractId },
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  if (options.beforeInvoicing) await forgetBillingProfile(ctx, as);
  const sessionId: string = checkout.json().data.session_id;
  const payment = await ctx.injectAs(as)({
    method: 'POST',
    url: '/api/payment',
    payload: { transactionId: sessionId, price: SAMPLE_TOTAL, contractId },
  });
  expect(payment.statusCode, payment.body).toBe(200);
  return { paymentId: payment.json().data.id, sessionId };
}
