/**
 * The Stripe provider through the real `stripe` SDK, pointed (STRIPE_API_BASE) at the fake Stripe
 * on loopback (test/fake-stripe.ts) that answers with sessions the test controls; webhook
 * signatures come from the SDK's own test header.
 */
import { it as text } from '@lexpath/shared';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkoutSessions, contracts, payments } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { type FakeCheckoutSession, FakeStripe } from '../../test/fake-stripe.ts';
import {
  createPublishedTemplate,
  FINISHED_ANSWERS,
  SAMPLE_TOTAL,
  startCompletedContract,
} from '../contracts/test-contracts.ts';
import { insertCheckoutSession } from './checkout-sessions.ts';

const WEBHOOK_SECRET = 'whsec_test_lexpath_fake_stripe';
const TOTAL_CENTS = 6088;

let fake: FakeStripe;
let ctx: TestContext;
let lawyer: TestUser;
let other: TestUser;
let templateId: string;

/** The session ids the app asked the fake Stripe for (GET /v1/checkout/sessions/:id). */
function retrieved(): string[] {
  return fake
    .requestsTo('GET', /^\/v1\/checkout\/sessions\//)
    .map((request) => decodeURIComponent(request.path.split('/').at(-1) ?? ''));
}

beforeAll(async () => {
  fake = await FakeStripe.start();
  ctx = await createTestContext({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_lexpath_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
    },
  });
  [lawyer, other] = await Promise.all([ctx.buildUser(), ctx.buildUser()]);
  templateId = (await createPublishedTemplate(ctx, 'stripe')).template.id;
});

afterAll(async () => {
  await ctx?.close();
  await fake?.stop();
});

beforeEach(() => {
  fake.reset();
});

/** A Checkout Session the fake Stripe knows: paid, for `contractId`, at the right total. */
function stripeSession(contractId: string | null, overrides: Partial<FakeCheckoutSession> = {}) {
  return fake.addSession({
    client_reference_id: contractId,
    amount_total: TOTAL_CENTS,
    currency: 'eur',
    ...overrides,
  });
}

function pay(transactionId: string, contractId: string, as: TestUser = lawyer) {
  return ctx.injectAs(as)({
    method: 'POST',
    url: '/api/payment',
    payload: { transactionId, price: SAMPLE_TOTAL, contractId },
  });
}

const stripeEvent = (type: string, session: FakeCheckoutSession) => FakeStripe.event(type, session);

/** Delivers `event` as Stripe does: raw JSON, signed with the endpoint secret. */
function deliver(event: object, signature: string | null = 'sign') {
  const { payload, signature: valid } = FakeStripe.signed(event, WEBHOOK_SECRET);
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (signature === 'sign') headers['stripe-signature'] = valid;
  else if (signature !== null) headers['stripe-signature'] = signature;
  return ctx.app.inject({ method: 'POST', url: '/api/payment/webhook', headers, payload });
}

async function paymentRows(contractId: string) {
  return ctx.db.select().from(payments).where(eq(payments.contractId, contractId));
}

function download(contractId: string, as: TestUser = lawyer) {
  return ctx.injectAs(as)({ method: 'GET', url: `/api/contract/download/${contractId}` });
}

/** No payment row, the contract shows no payment, and the download stays locked (402). */
async function expectUnpaid(contractId: string) {
  expect(await paymentRows(contractId)).toEqual([]);
  const contract = await ctx.injectAs(lawyer)({
    method: 'GET',
    url: `/api/contract/${contractId}`,
  });
  expect(contract.statusCode, contract.body).toBe(200);
  expect(contract.json().data.paymentId).toBeNull();
  expect((await download(contractId)).statusCode).toBe(402);
}

describe('POST /api/payment with Stripe', () => {
  it('records a paid Checkout Session and unlocks the download', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    expect((await download(contractId)).statusCode).toBe(402);
    const session = stripeSession(contractId);
    const response = await pay(session.id, contractId);
    expect(response.statusCode, response.body).toBe(200);
    expect(retrieved()).toEqual([session.id]);
    const rows = await paymentRows(contractId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: response.json().data.id,
      provider: 'stripe',
      transactionId: session.id,
      // What a refund names.
      stripePaymentIntent: session.payment_intent,
      amountCents: TOTAL_CENTS,
      vatCents: 1098,
    });
    const file = await download(contractId);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toContain('wordprocessingml');
  });

  it('refuses a forged session (unknown to Stripe): 422, nothing recorded', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    for (const transactionId of ['cs_test_inventata', 'local_inventata', '../../v1/charges']) {
      const response = await pay(transactionId, contractId);
      expect(response.statusCode, transactionId).toBe(422);
      expect(response.json().message).toBe(text.payments.notVerifiable);
    }
    // Only the well-formed id reached Stripe, which did not know it.
    expect(retrieved()).toEqual(['cs_test_inventata']);
    expect(await paymentRows(contractId)).toEqual([]);
  });

  it('refuses an unpaid session: 422, nothing recorded', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    for (const overrides of [
      { payment_status: 'unpaid', status: 'complete' },
      { payment_status: 'unpaid', status: 'open' },
      { payment_status: 'unpaid', status: 'expired' },
    ] as const) {
      const response = await pay(stripeSession(contractId, overrides).id, contractId);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(text.payments.notVerifiable);
    }
    expect(await paymentRows(contractId)).toEqual([]);
  });

  it("refuses a session of another contract, or of another user's contract", async () => {
    const mine = await startCompletedContract(ctx, lawyer, templateId);
    const myOther = await startCompletedContract(ctx, lawyer, templateId);
    const theirs = await startCompletedContract(ctx, other, templateId);

    const ofMyOther = await pay(stripeSession(myOther).id, mine);
    expect(ofMyOther.statusCode).toBe(409);
    expect(ofMyOther.json().message).toBe(text.payments.sessionUsed);

    const ofTheirs = await pay(stripeSession(theirs).id, mine);
    expect(ofTheirs.statusCode).toBe(409);
    expect(ofTheirs.json().message).toBe(text.payments.sessionUsed);

    const noReference = await pay(stripeSession(null).id, mine);
    expect(noReference.statusCode).toBe(422);
    expect(noReference.json().message).toBe(text.payments.notVerifiable);

    // Their contract, paid with their session, cannot be claimed by the lawyer: 404.
    const claimed = await pay(stripeSession(theirs).id, theirs);
    expect(claimed.statusCode).toBe(404);
    expect(claimed.json().message).toBe(text.errors.notFound);

    for (const contractId of [mine, myOther, theirs]) {
      expect(await paymentRows(contractId)).toEqual([]);
    }
  });

  it('answers a replay with the same payment, and refuses the session for another contract', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const session = stripeSession(contractId);
    const first = await pay(session.id, contractId);
    expect(first.statusCode, first.body).toBe(200);
    const [second, third] = await Promise.all([
      pay(session.id, contractId),
      pay(session.id, contractId),
    ]);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(third.json().data.id).toBe(first.json().data.id);
    expect(await paymentRows(contractId)).toHaveLength(1);

    const another = await startCompletedContract(ctx, lawyer, templateId);
    const reused = await pay(session.id, another);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(text.payments.sessionUsed);
    expect(await paymentRows(another)).toEqual([]);
  });

  it('refuses a mis-priced session (amount or currency): 422, nothing recorded', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    for (const overrides of [
      { amount_total: 4990 },
      { amount_total: 6087 },
      { amount_total: null },
      { currency: 'usd' },
    ]) {
      const response = await pay(stripeSession(contractId, overrides).id, contractId);
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(response.json().message).toBe(text.payments.notVerifiable);
    }
    // The client's price is checked against the server's total too.
    const wrongPrice = await ctx.injectAs(lawyer)({
      method: 'POST',
      url: '/api/payment',
      payload: { transactionId: stripeSession(contractId).id, price: '49.90', contractId },
    });
    expect(wrongPrice.statusCode).toBe(422);
    expect(wrongPrice.json().message).toBe(text.payments.priceMismatch);
    expect(await paymentRows(contractId)).toEqual([]);
  });

  it('answers 503 while Stripe answers errors, records nothing, and lets the buyer retry', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const session = stripeSession(contractId);
    fake.outage = 'errors';

    const refused = await pay(session.id, contractId);

    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json().message).toBe(text.payments.providerUnavailable);
    expect(retrieved()).toContain(session.id);
    await expectUnpaid(contractId);

    fake.outage = 'none';
    const retried = await pay(session.id, contractId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await paymentRows(contractId)).toMatchObject([
      { id: retried.json().data.id, transactionId: session.id },
    ]);
    expect((await download(contractId)).statusCode).toBe(200);
  });

  it('answers 503 while Stripe is unreachable, records nothing, and lets the buyer retry', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const session = stripeSession(contractId);
    await fake.stop();
    let refused: Awaited<ReturnType<typeof pay>>;
    try {
      refused = await pay(session.id, contractId);
    } finally {
      // Back on the same port, where the app's Stripe client points.
      await fake.listen();
    }

    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json().message).toBe(text.payments.providerUnavailable);
    await expectUnpaid(contractId);

    const retried = await pay(session.id, contractId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await paymentRows(contractId)).toHaveLength(1);
    expect((await download(contractId)).statusCode).toBe(200);
  });

  it('turns off the local test checkout (404)', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const response = await ctx.injectAs(lawyer)({
      method: 'POST',
      url: '/api/payment/local-checkout',
      payload: { contractId },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(text.payments.localDisabled);
  });
});

describe('POST /api/payment/webhook', () => {
  it('refuses a missing or bad signature (400) and records nothing', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const event = stripeEvent('checkout.session.completed', stripeSession(contractId));
    const forged = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: 'whsec_someone_else',
    });
    const tampered = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify({ ...event, id: 'evt_other' }),
      secret: WEBHOOK_SECRET,
    });
    for (const signature of [null, '', 'garbage', forged, tampered]) {
      const response = await deliver(event, signature);
      expect(response.statusCode, String(signature)).toBe(400);
      expect(response.json().message).toBe(text.payments.webhookSignature);
    }
    expect(await paymentRows(contractId)).toEqual([]);
    expect((await download(contractId)).statusCode).toBe(402);
  });

  it('unlocks the download on its own when the buyer closed the browser after paying', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const session = stripeSession(contractId);
    const response = await deliver(stripeEvent('checkout.session.completed', session));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true });
    const rows = await paymentRows(contractId);
    expect(rows).toMatchObject([{ transactionId: session.id, provider: 'stripe' }]);
    const file = await download(contractId);
    expect(file.statusCode, file.body).toBe(200);
    // The cart coming back later answers the same payment.
    const late = await pay(session.id, contractId);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().data.id).toBe(rows[0]?.id);
  });

  it('records one payment for one event delivered five times at once', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const event = stripeEvent('checkout.session.completed', stripeSession(contractId));
    const responses = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    expect(await paymentRows(contractId)).toHaveLength(1);
  });

  it('waits for async_payment_succeeded when the session completed unpaid', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const pending = stripeSession(contractId, { payment_status: 'unpaid' });
    const completed = await deliver(stripeEvent('checkout.session.completed', pending));
    expect(completed.statusCode).toBe(200);
    expect(await paymentRows(contractId)).toEqual([]);
    expect((await download(contractId)).statusCode).toBe(402);

    const succeeded = await deliver(
      stripeEvent('checkout.session.async_payment_succeeded', {
        ...pending,
        payment_status: 'paid',
      }),
    );
    expect(succeeded.statusCode).toBe(200);
    expect(await paymentRows(contractId)).toMatchObject([{ transactionId: pending.id }]);
    expect((await download(contractId)).statusCode).toBe(200);
  });

  it('records nothing for a failed async payment, an unhandled event or a bad session', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const unpaid = stripeSession(contractId, { payment_status: 'unpaid' });
    const events = [
      stripeEvent('checkout.session.async_payment_failed', unpaid),
      stripeEvent('checkout.session.expired', { ...unpaid, status: 'expired' }),
      stripeEvent('checkout.session.completed', stripeSession(contractId, { amount_total: 1 })),
      stripeEvent('checkout.session.completed', stripeSession(null)),
      stripeEvent('checkout.session.completed', stripeSession('not-a-contract')),
    ];
    for (const event of events) {
      const response = await deliver(event);
      expect(response.statusCode, event.type).toBe(200);
    }
    expect(await paymentRows(contractId)).toEqual([]);
  });
});

function save(contractId: string, payload: object) {
  return ctx.injectAs(lawyer)({ method: 'PUT', url: `/api/contract/${contractId}`, payload });
}

/** What the server's checkout records when it sends the buyer to Stripe with `session`. */
async function recordOpenSession(
  contractId: string,
  session: FakeCheckoutSession,
  options: { answers?: object; expiresAt?: Date } = {},
) {
  await insertCheckoutSession(ctx.db, {
    id: session.id,
    provider: 'stripe',
    contractId,
    userId: lawyer.id,
    amountCents: TOTAL_CENTS,
    answers: (options.answers ?? FINISHED_ANSWERS) as Record<string, string | string[]>,
    status: 'open',
    expiresAt: options.expiresAt ?? new Date(Date.now() + 60 * 60 * 1000),
  });
}

describe('a contract and its Stripe checkout', () => {
  it('is not paid once re-opened (TO_COMPLETE, no answers): 422 from POST /payment, nothing from the webhook', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const session = stripeSession(contractId);
    const reopened = await save(contractId, { status: 'TO_COMPLETE', answers: {} });
    expect(reopened.statusCode, reopened.body).toBe(200);

    const paid = await pay(session.id, contractId);
    expect(paid.statusCode, paid.body).toBe(422);
    expect(paid.json().message).toBe(text.payments.notCompleted);
    const delivered = await deliver(stripeEvent('checkout.session.completed', session));
    expect(delivered.statusCode).toBe(200);
    await expectUnpaid(contractId);
  });

  it('cannot be edited while its recorded session is open (409), and can again once Stripe expires it', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const session = stripeSession(contractId, { payment_status: 'unpaid', status: 'open' });
    await recordOpenSession(contractId, session);

    const locked = await save(contractId, { status: 'TO_COMPLETE', answers: {} });
    expect(locked.statusCode, locked.body).toBe(409);
    expect(locked.json().message).toBe(text.contracts.checkoutLocked);

    const expired = await deliver(
      stripeEvent('checkout.session.expired', { ...session, status: 'expired' }),
    );
    expect(expired.statusCode).toBe(200);
    const [row] = await ctx.db
      .select({ status: checkoutSessions.status })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, session.id));
    expect(row?.status).toBe('expired');
    const reopened = await save(contractId, { status: 'TO_COMPLETE', answers: {} });
    expect(reopened.statusCode, reopened.body).toBe(200);
  });

  it('stays locked past the expiry while a delayed payment (SEPA) is pending', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const session = stripeSession(contractId, { payment_status: 'unpaid' });
    await recordOpenSession(contractId, session, { expiresAt: new Date(Date.now() + 1000) });
    const completed = await deliver(stripeEvent('checkout.session.completed', session));
    expect(completed.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const locked = await save(contractId, { status: 'TO_COMPLETE', answers: {} });
    expect(locked.statusCode, locked.body).toBe(409);
    const succeeded = await deliver(
      stripeEvent('checkout.session.async_payment_succeeded', {
        ...session,
        payment_status: 'paid',
      }),
    );
    expect(succeeded.statusCode).toBe(200);
    expect(await paymentRows(contractId)).toMatchObject([{ transactionId: session.id }]);
  });

  it('refuses a session priced on other answers than the contract holds now (409), recording nothing', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    // Started on other answers, expired, then the buyer changed them; the old session is paid late.
    const session = stripeSession(contractId);
    await recordOpenSession(contractId, session, {
      answers: { ...FINISHED_ANSWERS, nome_cliente: 'Anna Bianchi' },
      expiresAt: new Date(Date.now() - 1000),
    });

    const paid = await pay(session.id, contractId);
    expect(paid.statusCode, paid.body).toBe(409);
    expect(paid.json().message).toBe(text.payments.answersChanged);
    const delivered = await deliver(stripeEvent('checkout.session.completed', session));
    expect(delivered.statusCode).toBe(200);
    await expectUnpaid(contractId);
  });

  it('never lets a re-opening save and the payment both succeed when they race', async () => {
    for (let round = 0; round < 6; round += 1) {
      const contractId = await startCompletedContract(ctx, lawyer, templateId);
      const session = stripeSession(contractId);
      const [paid, reopened] = await Promise.all([
        pay(session.id, contractId),
        save(contractId, { status: 'TO_COMPLETE', answers: {} }),
      ]);
      expect([
        [200, 409],
        [422, 200],
      ]).toContainEqual([paid.statusCode, reopened.statusCode]);
      const [row] = await ctx.db.select().from(contracts).where(eq(contracts.id, contractId));
      if (paid.statusCode === 200) {
        expect(row).toMatchObject({ status: 'COMPLETED', answers: FINISHED_ANSWERS });
        expect((await download(contractId)).statusCode).toBe(200);
      } else {
        expect(row).toMatchObject({ status: 'TO_COMPLETE', answers: {} });
        await expectUnpaid(contractId);
      }
    }
  });
});
