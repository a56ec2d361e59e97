/**
 * Refunds, disputes and the webhook's event dedup (issue 14), through the API on a real
 * database: the admin's refund with the local provider and with Stripe (the real SDK pointed at
 * the fake Stripe on loopback, test/fake-stripe.ts: its refunds and Checkout Sessions), and
 * Stripe's `charge.refunded` / `charge.dispute.created` events, signed with the SDK's test
 * header. A second app on the same database runs the local provider.
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ROLES, it as text } from '@lexpath/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { auditLog, invoices, payments, stripeEvents } from '../../db/schema.ts';
import { buildTestConfig, createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { FakeStripe } from '../../test/fake-stripe.ts';
import { mailsTo } from '../../test/outbox.ts';
import {
  createPublishedTemplate,
  ensureBillingProfile,
  forgetBillingProfile,
  SAMPLE_TOTAL,
  startCompletedContract,
} from '../contracts/test-contracts.ts';
import { STUDIO } from '../invoices/test-invoices.ts';

const run = promisify(execFile);
const SCHEMA = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../invoices/schema/Schema_del_file_xml_FatturaPA_versione_1.2.1a.xsd',
);
const WEBHOOK_SECRET = 'whsec_test_lexpath_refunds';
const TOTAL_CENTS = 6088;

// --- Fixtures ---------------------------------------------------------------------------------

let fake: FakeStripe;
let ctx: TestContext;
/** The same database served with the local provider (no STRIPE_SECRET_KEY). */
let localApp: FastifyInstance;
let admin: TestUser;
let editor: TestUser;
let lawyer: TestUser;
let templateId: string;
let scratch: string;

beforeAll(async () => {
  fake = await FakeStripe.start();
  ctx = await createTestContext({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_lexpath_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
    },
  });
  localApp = await buildApp({ config: buildTestConfig(), db: ctx.db, previewAheadOfTime: false });
  await localApp.ready();
  [admin, editor, lawyer] = await Promise.all([
    ctx.buildUser({ role: ROLES.admin }),
    ctx.buildUser({ role: ROLES.editor }),
    ctx.buildUser(),
  ]);
  const billing = await ctx.injectAs(lawyer)({
    method: 'PUT',
    url: `/api/user/${lawyer.id}/billing`,
    payload: STUDIO,
  });
  expect(billing.statusCode, billing.body).toBe(200);
  templateId = (await createPublishedTemplate(ctx, 'rimborsi')).template.id;
  scratch = await mkdtemp(path.join(tmpdir(), 'lexpath-refunds-'));
}, 60_000);

afterAll(async () => {
  await localApp?.close();
  await ctx?.close();
  await fake?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

beforeEach(() => {
  fake.reset();
});

async function onLocal(user: TestUser, options: InjectOptions) {
  return localApp.inject({
    ...options,
    headers: { ...options.headers, ...(await ctx.authHeaders(user)) },
  });
}

/** A purchase through the local provider (checkout, then POST /payment): its payment id. */
async function buyLocally(
  buyer: TestUser = lawyer,
  options: { beforeInvoicing?: boolean } = {},
): Promise<{ contractId: string; paymentId: string }> {
  const contractId = await startCompletedContract(ctx, buyer, templateId);
  await ensureBillingProfile(ctx, buyer);
  const checkout = await onLocal(buyer, {
    method: 'POST',
    url: '/api/payment/local-checkout',
    payload: { contractId },
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  if (options.beforeInvoicing) await forgetBillingProfile(ctx, buyer);
  const paid = await onLocal(buyer, {
    method: 'POST',
    url: '/api/payment',
    payload: { transactionId: checkout.json().data.session_id, price: SAMPLE_TOTAL, contractId },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return { contractId, paymentId: paid.json().data.id };
}

/** Delivers `event` as Stripe does: raw JSON, signed with the endpoint secret. */
function deliver(event: object) {
  const { payload, signature } = FakeStripe.signed(event, WEBHOOK_SECRET);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

function paidSessionEvent(
  contractId: string,
  sessionId = `cs_test_${randomBytes(12).toString('hex')}`,
) {
  return FakeStripe.event('checkout.session.completed', {
    id: sessionId,
    object: 'checkout.session',
    payment_status: 'paid',
    status: 'complete',
    client_reference_id: contractId,
    amount_total: TOTAL_CENTS,
    currency: 'eur',
  });
}

/**
 * A Stripe purchase fulfilled by the webhook. Until fulfilment stores the PaymentIntent (another
 * branch), the test writes it on the row; `intent: null` leaves it unknown.
 */
async function buyWithStripe(
  options: { intent?: string | null } = {},
): Promise<{ contractId: string; paymentId: string; intent: string; sessionId: string }> {
  const contractId = await startCompletedContract(ctx, lawyer, templateId);
  const event = paidSessionEvent(contractId);
  const delivered = await deliver(event);
  expect(delivered.statusCode, delivered.body).toBe(200);
  const sessionId = event.data.object.id;
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(eq(payments.transactionId, sessionId));
  if (!payment) throw new Error('the webhook recorded no payment');
  const intent = `pi_${randomBytes(12).toString('hex')}`;
  if (options.intent !== null) {
    await ctx.db
      .update(payments)
      .set({ stripePaymentIntent: options.intent ?? intent })
      .where(eq(payments.id, payment.id));
  }
  fake.addSession({
    id: sessionId,
    payment_intent: intent,
    client_reference_id: contractId,
    amount_total: TOTAL_CENTS,
  });
  return { contractId, paymentId: payment.id, intent: options.intent ?? intent, sessionId };
}

function refund(paymentId: string, as: TestUser = admin, on: 'stripe' | 'local' = 'stripe') {
  const request = { method: 'POST' as const, url: `/api/payment/${paymentId}/refund` };
  return on === 'local' ? onLocal(as, request) : ctx.injectAs(as)(request);
}

function download(contractId: string, as: TestUser = lawyer) {
  return ctx.injectAs(as)({ method: 'GET', url: `/api/contract/download/${contractId}` });
}

async function paymentRow(paymentId: string) {
  const [row] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  return row;
}

async function invoicesOf(paymentId: string) {
  return ctx.db
    .select()
    .from(invoices)
    .where(eq(invoices.paymentId, paymentId))
    .orderBy(asc(invoices.number));
}

async function auditOf(paymentId: string, action: string) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, paymentId), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.createdAt));
}

async function validates(xml: string): Promise<void> {
  const file = path.join(scratch, `${randomBytes(6).toString('hex')}.xml`);
  await writeFile(file, xml);
  await run('xmllint', ['--noout', '--nonet', '--schema', SCHEMA, file]);
}

// --- Tests ------------------------------------------------------------------------------------

describe('POST /api/payment/{id}/refund (local provider)', () => {
  it('refunds the payment, issues the credit note (TD04, valid against the schema) and revokes the download', async () => {
    const { contractId, paymentId } = await buyLocally();
    expect((await download(contractId)).statusCode).toBe(200);

    const response = await refund(paymentId, admin, 'local');

    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data;
    const [invoice, creditNote] = await invoicesOf(paymentId);
    if (!invoice || !creditNote) throw new Error('invoice or credit note missing');
    const row = await paymentRow(paymentId);
    expect(result).toEqual({
      paymentId,
      refundedAt: row?.refundedAt?.toISOString(),
      creditNote: { id: creditNote.id, number: creditNote.fullNumber, date: creditNote.issuedOn },
    });
    expect(creditNote).toMatchObject({
      tipo: 'TD04',
      correctsInvoiceId: invoice.id,
      contractId,
      userId: lawyer.id,
      buyer: invoice.buyer,
      lines: invoice.lines,
      totaleCents: invoice.totaleCents,
      // The same yearly sequence, no gap.
      year: invoice.year,
      number: invoice.number + 1,
    });
    await validates(creditNote.xml);
    expect(creditNote.xml).toContain('<TipoDocumento>TD04</TipoDocumento>');
    expect(creditNote.xml).toMatch(
      new RegExp(
        `<DatiFattureCollegate>\\s*<IdDocumento>${invoice.fullNumber}</IdDocumento>\\s*<Data>${invoice.issuedOn}</Data>`,
      ),
    );

    const refused = await download(contractId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(text.payments.refunded);
    // The admin keeps the document for the records.
    expect((await download(contractId, admin)).statusCode).toBe(200);
    const detail = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/${contractId}`,
    });
    expect(detail.json().data.refundedAt).toBe(result.refundedAt);
    expect(await auditOf(paymentId, 'payment.refunded')).toMatchObject([
      { actorId: admin.id, targetType: 'payment' },
    ]);
    // The buyer is told, with the credit note's courtesy copy attached when the mail is sent.
    const [notice] = (await mailsTo(ctx.db, lawyer.pec)).filter((mail) =>
      mail.subject.startsWith('Rimborso effettuato: '),
    );
    expect(notice).toMatchObject({ attachInvoiceId: creditNote.id, status: 'pending' });
    expect(notice?.text).toContain(`nota di credito n. ${creditNote.fullNumber}`);
  });

  it('answers a repeated refund with the same result, and issues one credit note for concurrent ones', async () => {
    const { paymentId } = await buyLocally();
    const responses = await Promise.all([1, 2, 3].map(() => refund(paymentId, admin, 'local')));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const again = await refund(paymentId, admin, 'local');
    expect(again.statusCode).toBe(200);
    const first = responses[0]?.json().data;
    for (const response of [...responses, again]) expect(response.json().data).toEqual(first);
    expect((await invoicesOf(paymentId)).map((row) => row.tipo)).toEqual(['TD01', 'TD04']);
    expect(await auditOf(paymentId, 'payment.refunded')).toHaveLength(1);
  });

  it('continues the invoice numbers without a gap: invoice, credit note, next invoice', async () => {
    const { paymentId } = await buyLocally();
    await refund(paymentId, admin, 'local');
    const { paymentId: next } = await buyLocally();
    const numbers = [...(await invoicesOf(paymentId)), ...(await invoicesOf(next))].map(
      (row) => row.number,
    );
    expect(numbers).toHaveLength(3);
    expect(numbers).toEqual([numbers[0], (numbers[0] ?? 0) + 1, (numbers[0] ?? 0) + 2]);
  });

  it('refunds a purchase that has no invoice (no billing profile then) without a credit note', async () => {
    const buyer = await ctx.buildUser();
    const { contractId, paymentId } = await buyLocally(buyer, { beforeInvoicing: true });
    const response = await refund(paymentId, admin, 'local');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.creditNote).toBeNull();
    expect(await invoicesOf(paymentId)).toEqual([]);
    expect((await paymentRow(paymentId))?.refundedAt).not.toBeNull();
    expect((await download(contractId, buyer)).statusCode).toBe(403);
  });

  it('is for admins only (403 for the buyer and editors), 404 for an unknown payment; nothing changes', async () => {
    const { contractId, paymentId } = await buyLocally();
    for (const caller of [lawyer, editor]) {
      const response = await refund(paymentId, caller, 'local');
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(text.auth.forbidden);
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'non-un-id']) {
      const response = await refund(id, admin, 'local');
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(text.errors.notFound);
    }
    expect((await paymentRow(paymentId))?.refundedAt).toBeNull();
    expect(await invoicesOf(paymentId)).toHaveLength(1);
    expect((await download(contractId)).statusCode).toBe(200);
  });
});

describe('POST /api/payment/{id}/refund (Stripe)', () => {
  it('refunds the charge at Stripe by its PaymentIntent, once per payment, then here', async () => {
    const { contractId, paymentId, intent } = await buyWithStripe();
    const response = await refund(paymentId);
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.refundRequests()).toEqual([
      { paymentIntent: intent, idempotencyKey: `refund-${paymentId}` },
    ]);
    expect(fake.refundedIntents.has(intent)).toBe(true);
    expect((await paymentRow(paymentId))?.refundedAt).not.toBeNull();
    expect((await invoicesOf(paymentId)).map((row) => row.tipo)).toEqual(['TD01', 'TD04']);
    expect((await download(contractId)).statusCode).toBe(403);

    // A retried click asks Stripe nothing more and answers the same.
    const again = await refund(paymentId);
    expect(again.json().data).toEqual(response.json().data);
    expect(fake.refundRequests()).toHaveLength(1);

    // Stripe's charge.refunded that follows finds it refunded: still one credit note.
    const event = FakeStripe.event('charge.refunded', {
      id: `ch_${randomBytes(8).toString('hex')}`,
      object: 'charge',
      payment_intent: intent,
      amount: TOTAL_CENTS,
      amount_refunded: TOTAL_CENTS,
      refunded: true,
    });
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await invoicesOf(paymentId)).toHaveLength(2);
    expect(await auditOf(paymentId, 'payment.refunded')).toHaveLength(1);
  });

  it('answers 503 while Stripe answers errors or is unreachable, changes nothing, and refunds on retry', async () => {
    const { contractId, paymentId, intent } = await buyWithStripe();
    fake.outage = 'errors';
    const failing = await refund(paymentId);
    expect(failing.statusCode, failing.body).toBe(503);
    expect(failing.json().message).toBe(text.payments.providerUnavailable);
    fake.outage = 'none';

    await fake.stop();
    let unreachable: Awaited<ReturnType<typeof refund>>;
    try {
      unreachable = await refund(paymentId);
    } finally {
      await fake.listen();
    }
    expect(unreachable.statusCode, unreachable.body).toBe(503);
    expect(unreachable.json().message).toBe(text.payments.providerUnavailable);

    expect(fake.refundedIntents.has(intent)).toBe(false);
    expect((await paymentRow(paymentId))?.refundedAt).toBeNull();
    expect(await invoicesOf(paymentId)).toHaveLength(1);
    expect((await download(contractId)).statusCode).toBe(200);

    const retried = await refund(paymentId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(fake.refundedIntents.has(intent)).toBe(true);
    expect(await invoicesOf(paymentId)).toHaveLength(2);
  });

  it('learns the PaymentIntent from the Checkout Session when the payment has none stored', async () => {
    const { paymentId, intent } = await buyWithStripe({ intent: null });
    expect((await paymentRow(paymentId))?.stripePaymentIntent).toBeNull();
    const response = await refund(paymentId);
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.refundRequests().map((request) => request.paymentIntent)).toEqual([intent]);
    // Stored, so Stripe's charge.refunded names a payment we know.
    expect((await paymentRow(paymentId))?.stripePaymentIntent).toBe(intent);
  });

  it('completes the local side when the charge was already refunded in the Stripe dashboard', async () => {
    const { paymentId, intent } = await buyWithStripe();
    fake.refundedIntents.add(intent);
    const response = await refund(paymentId);
    expect(response.statusCode, response.body).toBe(200);
    expect((await paymentRow(paymentId))?.refundedAt).not.toBeNull();
    expect(await invoicesOf(paymentId)).toHaveLength(2);
  });
});

function chargeRefunded(intent: string, refunded = TOTAL_CENTS) {
  return FakeStripe.event('charge.refunded', {
    id: `ch_${randomBytes(8).toString('hex')}`,
    object: 'charge',
    payment_intent: intent,
    amount: TOTAL_CENTS,
    amount_refunded: refunded,
    refunded: refunded === TOTAL_CENTS,
  });
}

async function eventRows(id: string) {
  return ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, id));
}

describe('Stripe refund and dispute events', () => {
  it('charge.refunded in full: the payment refunded, its credit note issued, the download revoked', async () => {
    const { contractId, paymentId, intent } = await buyWithStripe();
    const event = chargeRefunded(intent);
    const response = await deliver(event);
    expect(response.statusCode, response.body).toBe(200);
    expect((await paymentRow(paymentId))?.refundedAt).not.toBeNull();
    const [invoice, creditNote] = await invoicesOf(paymentId);
    expect(creditNote).toMatchObject({ tipo: 'TD04', correctsInvoiceId: invoice?.id });
    await validates(creditNote?.xml ?? '');
    const refused = await download(contractId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(text.payments.refunded);
    expect(await eventRows(event.id)).toMatchObject([
      { type: 'charge.refunded', outcome: 'refunded' },
    ]);
    expect(await auditOf(paymentId, 'payment.refunded')).toMatchObject([
      { actorId: null, details: expect.objectContaining({ origin: 'stripe', eventId: event.id }) },
    ]);
    // Nothing was asked of Stripe: the money already went back there.
    expect(fake.refundRequests()).toEqual([]);
  });

  it('acts once on an event delivered twice, in turn or at once', async () => {
    const { paymentId, intent } = await buyWithStripe();
    const event = chargeRefunded(intent);
    const responses = await Promise.all([deliver(event), deliver(event)]);
    responses.push(await deliver(event));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    expect(await eventRows(event.id)).toHaveLength(1);
    expect(await invoicesOf(paymentId)).toHaveLength(2);
    expect(await auditOf(paymentId, 'payment.refunded')).toHaveLength(1);

    // A dispute delivered twice leaves one audit entry.
    const dispute = FakeStripe.event('charge.dispute.created', {
      id: `dp_${randomBytes(8).toString('hex')}`,
      object: 'dispute',
      payment_intent: intent,
      reason: 'fraudulent',
    });
    expect((await deliver(dispute)).statusCode).toBe(200);
    expect((await deliver(dispute)).statusCode).toBe(200);
    expect(await auditOf(paymentId, 'payment.disputed')).toHaveLength(1);
  });

  it('answers 503 and records nothing for a refund that arrives before its payment, and acts on the redelivery', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const intent = `pi_${randomBytes(12).toString('hex')}`;
    // Stripe knows the buyer's Checkout Session, paid with that PaymentIntent.
    const session = fake.addSession({
      payment_intent: intent,
      client_reference_id: contractId,
      amount_total: TOTAL_CENTS,
    });
    const early = chargeRefunded(intent);

    const refused = await deliver(early);

    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json().message).toBe(text.payments.webhookPaymentUnknown);
    expect(await eventRows(early.id)).toEqual([]);
    expect(await auditOf(intent, 'stripe.charge-not-ours')).toEqual([]);

    // Then the checkout completes (the PaymentIntent stored with the payment), and Stripe
    // delivers the refund again.
    const completed = paidSessionEvent(contractId, session.id);
    expect((await deliver(completed)).statusCode).toBe(200);
    const [payment] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.contractId, contractId));
    if (!payment) throw new Error('no payment recorded');
    await ctx.db
      .update(payments)
      .set({ stripePaymentIntent: intent })
      .where(eq(payments.id, payment.id));
    expect((await download(contractId)).statusCode).toBe(200);

    const redelivered = await deliver(early);
    expect(redelivered.statusCode, redelivered.body).toBe(200);
    expect(await eventRows(early.id)).toMatchObject([{ outcome: 'refunded' }]);
    expect((await paymentRow(payment.id))?.refundedAt).not.toBeNull();
    expect(await invoicesOf(payment.id)).toHaveLength(2);
    expect((await download(contractId)).statusCode).toBe(403);
  });

  it('charge.refunded in part: recorded for the admin, nothing revoked, no credit note', async () => {
    const { contractId, paymentId, intent } = await buyWithStripe();
    const event = chargeRefunded(intent, 1000);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await paymentRow(paymentId))?.refundedAt).toBeNull();
    expect(await invoicesOf(paymentId)).toHaveLength(1);
    expect((await download(contractId)).statusCode).toBe(200);
    expect(await auditOf(paymentId, 'payment.partially-refunded')).toMatchObject([
      { details: expect.objectContaining({ amountRefundedCents: 1000, amountCents: TOTAL_CENTS }) },
    ]);
    expect(await eventRows(event.id)).toMatchObject([{ outcome: 'partially-refunded' }]);
  });

  it('charge.dispute.created flags the payment with the reason; before its payment: 503, nothing recorded', async () => {
    const { contractId, paymentId, intent } = await buyWithStripe();
    const dispute = (paymentIntent: string) =>
      FakeStripe.event('charge.dispute.created', {
        id: `dp_${randomBytes(8).toString('hex')}`,
        object: 'dispute',
        payment_intent: paymentIntent,
        reason: 'product_not_received',
      });
    const event = dispute(intent);
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await paymentRow(paymentId)).toMatchObject({
      disputedAt: expect.any(Date),
      disputeReason: 'product_not_received',
      refundedAt: null,
    });
    expect(await auditOf(paymentId, 'payment.disputed')).toHaveLength(1);
    // A dispute does not revoke the document by itself.
    expect((await download(contractId)).statusCode).toBe(200);

    // A dispute of a purchase Stripe has paid but whose payment is not recorded here yet.
    const unpaid = await startCompletedContract(ctx, lawyer, templateId);
    const session = fake.addSession({ client_reference_id: unpaid, amount_total: TOTAL_CENTS });
    const early = dispute(session.payment_intent as string);
    const refused = await deliver(early);
    expect(refused.statusCode).toBe(503);
    expect(await eventRows(early.id)).toEqual([]);
  });

  it('acknowledges a refund or dispute of a charge this server never sold, and audits it once', async () => {
    const paid = await buyWithStripe();
    const foreign = {
      // Made elsewhere on the Stripe account (a payment link): no Checkout Session at all.
      alone: `pi_${randomBytes(12).toString('hex')}`,
      // A Checkout Session of another integration: it names no contract of ours.
      otherSession: fake.addSession({ client_reference_id: null }).payment_intent as string,
      unknownContract: fake.addSession({ client_reference_id: randomUUID() })
        .payment_intent as string,
      // A second session for a contract paid already: fulfilment would refuse it.
      paidContract: fake.addSession({
        client_reference_id: paid.contractId,
        amount_total: TOTAL_CENTS,
      }).payment_intent as string,
    };
    for (const [name, intent] of Object.entries(foreign)) {
      const refunded = chargeRefunded(intent);
      const disputed = FakeStripe.event('charge.dispute.created', {
        id: `dp_${randomBytes(8).toString('hex')}`,
        object: 'dispute',
        payment_intent: intent,
        reason: 'fraudulent',
      });
      for (const event of [refunded, refunded, disputed]) {
        const response = await deliver(event);
        expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
      }
      expect(await eventRows(refunded.id), name).toMatchObject([
        { type: 'charge.refunded', outcome: 'not-ours' },
      ]);
      expect(await eventRows(disputed.id), name).toMatchObject([
        { type: 'charge.dispute.created', outcome: 'not-ours' },
      ]);
      const audited = await auditOf(intent, 'stripe.charge-not-ours');
      expect(
        audited.map((row) => row.details),
        name,
      ).toEqual([
        { eventId: refunded.id, type: 'charge.refunded' },
        { eventId: disputed.id, type: 'charge.dispute.created' },
      ]);
      expect(
        audited.map((row) => row.targetType),
        name,
      ).toEqual(['stripe-payment-intent', 'stripe-payment-intent']);
    }
    // The purchase that is ours is untouched.
    expect(await paymentRow(paid.paymentId)).toMatchObject({ refundedAt: null, disputedAt: null });
    expect((await download(paid.contractId)).statusCode).toBe(200);
  });

  it('answers 503 and records nothing while Stripe cannot say whose the charge is', async () => {
    const event = chargeRefunded(`pi_${randomBytes(12).toString('hex')}`);
    fake.outage = 'errors';
    const refused = await deliver(event);
    fake.outage = 'none';
    expect(refused.statusCode, refused.body).toBe(503);
    expect(await eventRows(event.id)).toEqual([]);
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await eventRows(event.id)).toMatchObject([{ outcome: 'not-ours' }]);
  });

  it('records no id for events it ignores, and one for a checkout delivered twice', async () => {
    const ignored = FakeStripe.event('customer.created', { id: 'cus_1', object: 'customer' });
    expect((await deliver(ignored)).statusCode).toBe(200);
    expect(await eventRows(ignored.id)).toEqual([]);

    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const completed = paidSessionEvent(contractId);
    expect((await deliver(completed)).statusCode).toBe(200);
    expect((await deliver(completed)).statusCode).toBe(200);
    expect(await eventRows(completed.id)).toMatchObject([{ outcome: 'recorded' }]);
    expect(
      await ctx.db.select().from(payments).where(eq(payments.contractId, contractId)),
    ).toHaveLength(1);
  });
});
