/**
 * POST /api/payment/checkout: the provider in force on the server decides where 'Acquista'
 * sends the buyer (DESIGN §8), and a template authored without a payment link can be sold
 * with the local provider.
 */
import { ROLES, it as text } from '@lexpath/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, templates } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import {
  createPublishedTemplate,
  payContract,
  startCompletedContract,
  startContract,
} from '../contracts/test-contracts.ts';
import { createTemplateViaApi } from '../templates/test-templates.ts';

/** A published template created through the API without any `stripe_url`. */
async function publishWithoutStripeUrl(ctx: TestContext): Promise<string> {
  const editor = await ctx.buildUser({ role: ROLES.editor });
  const [category] = await ctx.db
    .insert(categories)
    .values({ name: `Categoria ${Math.random().toString(36).slice(2)}` })
    .returning();
  const template = await createTemplateViaApi(ctx, editor, {
    categoryId: category?.id ?? '',
    body: { stripe_url: undefined },
  });
  const published = await ctx.injectAs(editor)({
    method: 'PUT',
    url: `/api/template/${template.id}/status`,
    payload: { status: 'PUBLISHED' },
  });
  expect(published.statusCode, published.body).toBe(200);
  return template.id;
}

function checkout(ctx: TestContext, as: TestUser, contractId: string) {
  return ctx.injectAs(as)({
    method: 'POST',
    url: '/api/payment/checkout',
    payload: { contractId },
  });
}

describe('with the local provider (no STRIPE_SECRET_KEY)', () => {
  let ctx: TestContext;
  let lawyer: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    [lawyer, other] = await Promise.all([ctx.buildUser(), ctx.buildUser()]);
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('sends the buyer to the local test page even when the template has a stripe_url', async () => {
    const { template } = await createPublishedTemplate(ctx);
    const [row] = await ctx.db.select().from(templates).where(eq(templates.id, template.id));
    expect(row?.stripeUrl).toBe('https://buy.stripe.com/test_123');
    const contractId = await startCompletedContract(ctx, lawyer, template.id);
    const response = await checkout(ctx, lawyer, contractId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ url: `/pagamento-di-prova?contract=${contractId}` });
  });

  it('sells a template saved without a stripe_url through the local checkout', async () => {
    const templateId = await publishWithoutStripeUrl(ctx);
    const [row] = await ctx.db.select().from(templates).where(eq(templates.id, templateId));
    expect(row?.stripeUrl).toBeNull();
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const response = await checkout(ctx, lawyer, contractId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.url).toBe(`/pagamento-di-prova?contract=${contractId}`);
    // The test page's 'Paga' then records the payment.
    const { paymentId } = await payContract(ctx, lawyer, contractId);
    expect(paymentId).toBeTruthy();
  });

  it("answers 404 for another user's contract", async () => {
    const { template } = await createPublishedTemplate(ctx);
    const contractId = await startCompletedContract(ctx, lawyer, template.id);
    const response = await checkout(ctx, other, contractId);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(text.errors.notFound);
  });

  it('refuses a contract whose questionnaire is not completed (422)', async () => {
    const { template } = await createPublishedTemplate(ctx);
    const contractId = await startContract(ctx, lawyer, template.id);
    const response = await checkout(ctx, lawyer, contractId);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(text.payments.notCompleted);
  });

  it('refuses a contract already paid (409)', async () => {
    const { template } = await createPublishedTemplate(ctx);
    const contractId = await startCompletedContract(ctx, lawyer, template.id);
    await payContract(ctx, lawyer, contractId);
    const response = await checkout(ctx, lawyer, contractId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(text.payments.alreadyPaid);
  });

  it('validates the body (400) and is in the OpenAPI document', async () => {
    const response = await ctx.injectAs(lawyer)({
      method: 'POST',
      url: '/api/payment/checkout',
      payload: { contractId: '  ' },
    });
    expect(response.statusCode).toBe(400);
    const spec = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.json().paths['/api/payment/checkout']?.post?.tags).toEqual(['payments']);
  });
});

describe('template payment link (stripe_url) is optional', () => {
  let ctx: TestContext;
  let editor: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    editor = await ctx.buildUser({ role: ROLES.editor });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  async function templateWith(stripeUrl: unknown): Promise<string> {
    const [category] = await ctx.db
      .insert(categories)
      .values({ name: `Categoria ${Math.random().toString(36).slice(2)}` })
      .returning();
    const template = await createTemplateViaApi(ctx, editor, {
      categoryId: category?.id ?? '',
      body: { stripe_url: stripeUrl },
    });
    return template.id;
  }

  async function storedUrl(id: string) {
    const [row] = await ctx.db.select().from(templates).where(eq(templates.id, id));
    return row?.stripeUrl;
  }

  it('creates a template with an empty stripe_url, stored as none', async () => {
    expect(await storedUrl(await templateWith(''))).toBeNull();
    expect(await storedUrl(await templateWith(null))).toBeNull();
  });

  it('re-saves a template that has no stripe_url (as the seeded demo templates) with the field empty', async () => {
    const id = await templateWith(undefined);
    const response = await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${id}`,
      payload: { name: 'Contratto ridenominato', price: '35', stripe_url: '' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedUrl(id)).toBeNull();
  });

  it('keeps the link when PUT omits it and clears it when PUT sends it empty', async () => {
    const id = await templateWith('https://buy.stripe.com/keep');
    const put = (payload: object) =>
      ctx.injectAs(editor)({ method: 'PUT', url: `/api/template/${id}`, payload });
    expect((await put({ name: 'Altro nome' })).statusCode).toBe(200);
    expect(await storedUrl(id)).toBe('https://buy.stripe.com/keep');
    expect((await put({ stripe_url: '' })).statusCode).toBe(200);
    expect(await storedUrl(id)).toBeNull();
  });

  it('still refuses a stripe_url that is not a web address (400)', async () => {
    const [category] = await ctx.db
      .insert(categories)
      .values({ name: 'Categoria url' })
      .returning();
    for (const stripeUrl of ['non un url', 'ftp://buy.stripe.com/x']) {
      const response = await ctx.injectAs(editor)({
        method: 'POST',
        url: '/api/template',
        payload: {
          name: 'Errato',
          description: 'x',
          categoryId: category?.id,
          price: '10',
          stripe_url: stripeUrl,
          json_questions: [],
          file_name: `${'a'.repeat(64)}.docx`,
          preview_name: `${'b'.repeat(64)}.docx`,
        },
      });
      expect(response.statusCode, stripeUrl).toBe(400);
      expect(response.json().message, stripeUrl).toEqual(
        expect.arrayContaining([text.validation.url]),
      );
    }
  });
});

describe('with Stripe configured', () => {
  let ctx: TestContext;
  let lawyer: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_lexpath_fake',
        // Never contacted by this route; loopback so nothing could leave the machine.
        STRIPE_API_BASE: 'http://127.0.0.1:9',
      },
    });
    lawyer = await ctx.buildUser();
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it("sends the buyer to the template's stripe_url naming the contract", async () => {
    const { template } = await createPublishedTemplate(ctx);
    const contractId = await startCompletedContract(ctx, lawyer, template.id);
    const response = await checkout(ctx, lawyer, contractId);
    expect(response.statusCode, response.body).toBe(200);
    const url = new URL(response.json().data.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://buy.stripe.com/test_123');
    expect(url.searchParams.get('client_reference_id')).toBe(contractId);
  });

  it('says in Italian that the template cannot be paid online when it has no stripe_url (422)', async () => {
    const templateId = await publishWithoutStripeUrl(ctx);
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const response = await checkout(ctx, lawyer, contractId);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(text.payments.stripeUrlMissing);
  });
});
