/**
 * POST /api/payment/checkout: the provider in force on the server decides where 'Acquista'
 * sends the buyer (DESIGN §8): the local test page, or a Stripe Checkout Session the server
 * creates (against the fake Stripe on loopback). The template's payment link decides nothing,
 * and no checkout starts without the buyer's billing profile.
 */
import { computeTotal, ROLES, it as text } from '@lexpath/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  categories,
  checkoutSessions,
  contracts,
  invoices,
  payments,
  templates,
} from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { FakeStripe } from '../../test/fake-stripe.ts';
import {
  createPublishedTemplate,
  ensureBillingProfile,
  FINISHED_ANSWERS,
  payContract,
  startCompletedContract,
  startContract,
} from '../contracts/test-contracts.ts';
import { createTemplateViaApi } from '../templates/test-templates.ts';
import { answersSha256 } from './checkout-sessions.ts';

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

function sessionRows(ctx: TestContext, contractId: string) {
  return ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.contractId, contractId));
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
    await ensureBillingProfile(ctx, lawyer);
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

  it('refuses a buyer without a billing profile (422) at Acquista and at the test page, recording nothing', async () => {
    const { template } = await createPublishedTemplate(ctx);
    const buyer = await ctx.buildUser();
    const contractId = await startCompletedContract(ctx, buyer, template.id);
    for (const url of ['/api/payment/checkout', '/api/payment/local-checkout']) {
      const response = await ctx.injectAs(buyer)({ method: 'POST', url, payload: { contractId } });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().message, url).toBe(text.payments.billingRequired);
    }
    expect(await sessionRows(ctx, contractId)).toEqual([]);
    // Once given, the purchase goes through.
    await ensureBillingProfile(ctx, buyer);
    expect((await checkout(ctx, buyer, contractId)).statusCode).toBe(200);
    expect((await payContract(ctx, buyer, contractId)).paymentId).toBeTruthy();
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

describe('with Stripe configured: a Checkout Session created by the server', () => {
  const APP_URL = 'https://lexpath.example';
  const WEBHOOK_SECRET = 'whsec_test_lexpath_checkout';
  const SESSIONS = /^\/v1\/checkout\/sessions$/;
  let fake: FakeStripe;
  let ctx: TestContext;
  let lawyer: TestUser;
  let templateId: string;

  beforeAll(async () => {
    fake = await FakeStripe.start();
    ctx = await createTestContext({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_lexpath_fake',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: fake.url,
        APP_URL,
      },
    });
    lawyer = await ctx.buildUser();
    await ensureBillingProfile(ctx, lawyer);
    templateId = (await createPublishedTemplate(ctx)).template.id;
  });

  afterAll(async () => {
    await ctx?.close();
    await fake?.stop();
  });

  beforeEach(() => {
    fake.reset();
  });

  /** The sessions the app asked the fake Stripe to create. */
  const creations = () => fake.requestsTo('POST', SESSIONS);

  function sessionOf(url: string) {
    const id = url.split('/').at(-1) ?? '';
    const session = fake.sessions.get(id);
    if (!session) throw new Error(`the fake Stripe created no session ${id}`);
    return session;
  }

  function deliver(event: object) {
    const { payload, signature } = FakeStripe.signed(event, WEBHOOK_SECRET);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  it("creates a session at the server's total (document + VAT lines) naming the contract, back to the cart, expiring in 30 minutes", async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const [contract] = await ctx.db
      .select({ versionId: contracts.templateVersionId, name: templates.name })
      .from(contracts)
      .innerJoin(templates, eq(templates.id, contracts.templateId))
      .where(eq(contracts.id, contractId));
    const before = Date.now();

    const response = await checkout(ctx, lawyer, contractId);

    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json().data;
    // Not the template's payment link (https://buy.stripe.com/test_123): the server's session.
    expect(url).toMatch(new RegExp(`^${fake.url}/pay/cs_test_`));
    const session = sessionOf(url);
    const { netCents, vatCents, totalCents } = computeTotal(4990);
    expect(session).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      amount_total: totalCents,
      currency: 'eur',
      client_reference_id: contractId,
    });
    expect(session.payment_intent).toMatch(/^pi_test_/);
    const [sent] = creations();
    expect(creations()).toHaveLength(1);
    expect(sent?.idempotencyKey).toBeTruthy();
    expect(sent?.form).toMatchObject({
      mode: 'payment',
      currency: 'eur',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'eur',
            unit_amount: String(netCents),
            product_data: { name: contract?.name },
          },
        },
        {
          quantity: '1',
          price_data: {
            currency: 'eur',
            unit_amount: String(vatCents),
            product_data: { name: 'IVA 22%' },
          },
        },
      ],
      client_reference_id: contractId,
      metadata: {
        contractId,
        templateVersionId: contract?.versionId,
        amountCents: String(totalCents),
      },
      customer_email: lawyer.pec,
      success_url: `${APP_URL}/user/nuovo-contratto/carrello?session_id={CHECKOUT_SESSION_ID}&contract=${contractId}`,
      cancel_url: `${APP_URL}/user/nuovo-contratto/carrello?contract=${contractId}`,
    });
    // Stripe's minimum lifetime is 30 minutes; the server asks for at most 32.
    const lifetime = session.expires_at * 1000 - before;
    expect(lifetime).toBeGreaterThanOrEqual(30 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(32 * 60_000 + 5_000);

    expect(await sessionRows(ctx, contractId)).toMatchObject([
      {
        id: session.id,
        provider: 'stripe',
        status: 'open',
        userId: lawyer.id,
        amountCents: totalCents,
        answersSha256: answersSha256(FINISHED_ANSWERS),
        url,
        expiresAt: new Date(session.expires_at * 1000),
      },
    ]);
    // While it is open the answers are locked.
    const save = await ctx.injectAs(lawyer)({
      method: 'PUT',
      url: `/api/contract/${contractId}`,
      payload: { status: 'TO_COMPLETE', answers: {} },
    });
    expect(save.statusCode).toBe(409);
  });

  it('sells a template saved without a stripe_url (the link no longer decides anything)', async () => {
    const withoutLink = await publishWithoutStripeUrl(ctx);
    const contractId = await startCompletedContract(ctx, lawyer, withoutLink);
    const response = await checkout(ctx, lawyer, contractId);
    expect(response.statusCode, response.body).toBe(200);
    expect(sessionOf(response.json().data.url).client_reference_id).toBe(contractId);
  });

  it('answers the open session again to a second click, and to two clicks at once', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const first = await checkout(ctx, lawyer, contractId);
    const second = await checkout(ctx, lawyer, contractId);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.url).toBe(first.json().data.url);
    expect(creations()).toHaveLength(1);
    expect(await sessionRows(ctx, contractId)).toHaveLength(1);

    const another = await startCompletedContract(ctx, lawyer, templateId);
    const both = await Promise.all([
      checkout(ctx, lawyer, another),
      checkout(ctx, lawyer, another),
    ]);
    for (const response of both) expect(response.statusCode, response.body).toBe(200);
    expect(both[1]?.json().data.url).toBe(both[0]?.json().data.url);
    expect(await sessionRows(ctx, another)).toHaveLength(1);
  });

  it('creates the session inside a request with an Idempotency-Key, whose retry answers it again', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const send = () =>
      ctx.injectAs(lawyer)({
        method: 'POST',
        url: '/api/payment/checkout',
        headers: { 'idempotency-key': `acquista-${contractId}` },
        payload: { contractId },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const retry = await send();
    expect(retry.json().data.url).toBe(first.json().data.url);
    expect(creations()).toHaveLength(1);
    expect(await sessionRows(ctx, contractId)).toMatchObject([
      { id: sessionOf(first.json().data.url).id, status: 'open' },
    ]);
  });

  it('creates a new session once the open one expired (by its time, or as Stripe says)', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const first = sessionOf((await checkout(ctx, lawyer, contractId)).json().data.url);

    // Stripe expired it and said so.
    expect(
      (await deliver(FakeStripe.event('checkout.session.expired', fake.markExpired(first.id))))
        .statusCode,
    ).toBe(200);
    const secondResponse = await checkout(ctx, lawyer, contractId);
    expect(secondResponse.statusCode, secondResponse.body).toBe(200);
    const second = sessionOf(secondResponse.json().data.url);
    expect(second.id).not.toBe(first.id);

    // Its time ran out before any event came.
    await ctx.db
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkoutSessions.id, second.id));
    const third = sessionOf((await checkout(ctx, lawyer, contractId)).json().data.url);
    expect(third.id).not.toBe(second.id);

    expect(creations()).toHaveLength(3);
    const rows = await sessionRows(ctx, contractId);
    expect(rows.map((row) => [row.id, row.status]).sort()).toEqual(
      [
        [first.id, 'expired'],
        [second.id, 'open'],
        [third.id, 'open'],
      ].sort(),
    );
  });

  it('answers 409 while a delayed payment (SEPA) of its session is pending', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const session = sessionOf((await checkout(ctx, lawyer, contractId)).json().data.url);
    Object.assign(session, { status: 'complete' });
    expect(
      (await deliver(FakeStripe.event('checkout.session.completed', session))).statusCode,
    ).toBe(200);

    const again = await checkout(ctx, lawyer, contractId);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(text.payments.checkoutInProgress);
    expect(creations()).toHaveLength(1);
  });

  it('answers 503 while Stripe is down or unreachable, records nothing, and works once it is back', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    fake.outage = 'errors';
    const failing = await checkout(ctx, lawyer, contractId);
    fake.outage = 'none';
    await fake.stop();
    let unreachable: Awaited<ReturnType<typeof checkout>>;
    try {
      unreachable = await checkout(ctx, lawyer, contractId);
    } finally {
      await fake.listen();
    }
    for (const response of [failing, unreachable]) {
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json().message).toBe(text.payments.providerUnavailable);
    }
    expect(await sessionRows(ctx, contractId)).toEqual([]);

    const retried = await checkout(ctx, lawyer, contractId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await sessionRows(ctx, contractId)).toHaveLength(1);
  });

  it('records nothing when the answers changed while Stripe was creating the session (409)', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const changed = { ...FINISHED_ANSWERS, nome_cliente: 'Anna Bianchi' };
    // The buyer saves other answers in another tab while the request is at Stripe.
    const unroute = fake.route('POST', SESSIONS, async () => {
      const save = await ctx.injectAs(lawyer)({
        method: 'PUT',
        url: `/api/contract/${contractId}`,
        payload: { answers: changed, status: 'COMPLETED' },
      });
      expect(save.statusCode, save.body).toBe(200);
      return undefined;
    });
    let response: Awaited<ReturnType<typeof checkout>>;
    try {
      response = await checkout(ctx, lawyer, contractId);
    } finally {
      unroute();
    }
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe(text.payments.contractChanged);
    expect(await sessionRows(ctx, contractId)).toEqual([]);

    // The next click prices the new answers.
    const retried = await checkout(ctx, lawyer, contractId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await sessionRows(ctx, contractId)).toMatchObject([
      { answersSha256: answersSha256(changed) },
    ]);
  });

  it('refuses a buyer without a billing profile (422), asking Stripe nothing', async () => {
    const buyer = await ctx.buildUser();
    const contractId = await startCompletedContract(ctx, buyer, templateId);
    const response = await checkout(ctx, buyer, contractId);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(text.payments.billingRequired);
    expect(creations()).toEqual([]);
    expect(await sessionRows(ctx, contractId)).toEqual([]);
  });

  it('fulfils from the webhook alone when the buyer closed the browser after paying: payment, invoice, document', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const created = sessionOf((await checkout(ctx, lawyer, contractId)).json().data.url);
    const paid = fake.markPaid(created.id);

    // No POST /payment: the cart never comes back.
    const delivered = await deliver(FakeStripe.event('checkout.session.completed', paid));

    expect(delivered.statusCode, delivered.body).toBe(200);
    const [payment] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.contractId, contractId));
    expect(payment).toMatchObject({
      provider: 'stripe',
      transactionId: paid.id,
      stripePaymentIntent: paid.payment_intent,
      amountCents: computeTotal(4990).totalCents,
    });
    expect(
      await ctx.db
        .select()
        .from(invoices)
        .where(eq(invoices.paymentId, payment?.id ?? '')),
    ).toMatchObject([
      { contractId, userId: lawyer.id, tipo: 'TD01', totaleCents: computeTotal(4990).totalCents },
    ]);
    expect(await sessionRows(ctx, contractId)).toMatchObject([{ id: paid.id, status: 'paid' }]);
    const detail = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/${contractId}`,
    });
    expect(detail.json().data.paymentId).toMatchObject({ id: payment?.id });
    const download = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/download/${contractId}`,
    });
    expect(download.statusCode, download.body).toBe(200);
    // Stripe was never asked about the session: the signed event is the proof.
    expect(fake.requestsTo('GET', /^\/v1\/checkout\/sessions\//)).toEqual([]);
  });
});
