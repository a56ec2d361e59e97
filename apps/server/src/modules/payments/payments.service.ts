import { randomBytes, randomUUID } from 'node:crypto';
import { centsToDecimal, computeTotal, it, parseEuro } from '@lexpath/shared';
import { CONTRACT_STATUS } from '@lexpath/shared/schemas/contracts';
import type { TPayment } from '@lexpath/shared/schemas/payments';
import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { DbExecutor } from '../../db/client.ts';
import {
  billingProfiles,
  checkoutSessions,
  contracts,
  type PaymentRow,
  payments,
  stripeEvents,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { type Caller, mayPayContract, mayReadPayment } from '../../policy.ts';
import { AUDIT_ACTIONS, recordAudit } from '../audit/audit.service.ts';
import { findContract, lockContract } from '../contracts/contract-store.ts';
import {
  assertDraftIssuable,
  buyerOf,
  type CheckedInvoice,
  checkInvoiceBeforehand,
  type InvoiceDraft,
  invoiceInsert,
  NEXT_PROGRESSIVO,
  numberInvoice,
  progressivoOf,
} from '../invoices/invoices.service.ts';
import { requireBillingProfile } from './checkout.service.ts';
import {
  answersSha256,
  awaitCheckoutSessionPayment,
  expireCheckoutSession,
  findCheckoutSession,
  insertCheckoutSession,
} from './checkout-sessions.ts';
import {
  fromStripeSession,
  type PaymentProvider,
  type StripeProvider,
  type VerifiedSession,
} from './providers.ts';
import { type MailRecipient, purchaseConfirmationInsert } from './purchase-mail.ts';
import { type Invoicing, refundPayment } from './refunds.service.ts';

const notFound = () => new AppError('notFound', it.errors.notFound);
const notVerifiable = () => new AppError('unprocessable', it.payments.notVerifiable);

function toPayment(row: PaymentRow): TPayment {
  return {
    id: row.id,
    updatedAt: row.updatedAt.toISOString(),
    price: centsToDecimal(row.amountCents),
    transactionId: row.transactionId,
    contractId: row.contractId,
  };
}

/**
 * POST /payment/local-checkout (owner; local provider only): the test payment page's 'Paga'.
 * Records a paid session for the contract's total and answers, which POST /payment then
 * verifies. Under the contract's row lock, so a save racing it either lands first (and this
 * sees its status) or waits and finds the session (409).
 */
export async function createLocalCheckout(
  db: DbExecutor,
  caller: Caller,
  contractId: string,
): Promise<{ session_id: string }> {
  return db.transaction(async (tx) => {
    const contract = await findContract(tx, caller, contractId, mayPayContract, {
      forUpdate: true,
    });
    if (contract.paymentId) throw new AppError('conflict', it.payments.alreadyPaid);
    if (contract.status !== CONTRACT_STATUS.completed) {
      throw new AppError('unprocessable', it.payments.notCompleted);
    }
    // The local provider's checkout, like Stripe's: no sale without the buyer's invoice data.
    await requireBillingProfile(tx, caller.id);
    const id = `local_${randomBytes(18).toString('base64url')}`;
    await insertCheckoutSession(tx, {
      id,
      provider: 'local',
      contractId: contract.id,
      userId: caller.id,
      amountCents: computeTotal(contract.priceCents).totalCents,
      answers: contract.answers,
      status: 'paid',
    });
    return { session_id: id };
  });
}

export type PaymentInput = { transactionId: string; price: string | number; contractId: string };

/**
 * POST /payment: the cart's call after the checkout. Verifies the session with the provider and
 * records the payment (see fulfilCheckoutSession); the client's `price` must match the server's
 * total too. A replay answers the payment already recorded.
 */
export async function recordPayment(
  db: DbExecutor,
  provider: PaymentProvider,
  caller: Caller,
  input: PaymentInput,
  invoicing: Invoicing,
): Promise<{ id: string }> {
  // Someone else's contract is not revealed to exist (404).
  const contract = await findContract(db, caller, input.contractId, mayPayContract);
  const [existing] = await db
    .select({ id: payments.id, contractId: payments.contractId })
    .from(payments)
    .where(eq(payments.transactionId, input.transactionId));
  if (existing) {
    if (existing.contractId !== contract.id)
      throw new AppError('conflict', it.payments.sessionUsed);
    return { id: existing.id };
  }
  if (contract.paymentId) throw new AppError('conflict', it.payments.alreadyPaid);
  const price = parseEuro(input.price);
  if (!price.ok || price.cents !== computeTotal(contract.priceCents).totalCents) {
    throw new AppError('unprocessable', it.payments.priceMismatch);
  }
  // The provider is asked outside the transaction: no lock is held across a network call.
  const session = await provider.retrieveCheckoutSession(input.transactionId);
  if (!session) throw notVerifiable();
  // The invoice's schema check (under a millisecond) and the read of the profile it checks,
  // before the transaction: no connection or lock waits for them.
  const checkedInvoice = await checkInvoiceBeforehand(db, invoicing.seller, {
    userId: contract.userId,
    title: contract.templateName,
    netCents: contract.priceCents,
  });
  const { id } = await fulfilCheckoutSession(
    db,
    session,
    { contractId: contract.id, caller, checkedInvoice },
    invoicing,
  );
  return { id };
}

/**
 * The one fulfilment, shared by POST /payment and the Stripe webhook: records the payment of
 * a verified session once it is paid, names the contract (`expected.contractId` when the caller
 * says which), is the caller's own (`expected.caller`; the buyer for a local session), and
 * charged the server's total (price + 22 % VAT) in euro. The contract must be COMPLETED and, when
 * the server started the session, still hold the answers it was priced on: a document is paid
 * for the answers the buyer saw. `transaction_id` and `contract_id` are unique and the contract
 * row is locked, so concurrent deliveries record one row and a save racing the payment either
 * lands first (and is seen here) or finds the payment (409); a replay answers the payment
 * (`created: false`). Throws AppError (422/409) and records nothing otherwise.
 *
 * Payment, invoice and confirmation mail commit together (DESIGN §8–§9). Two locks in here are
 * shared by every purchase: the invoice numbering lock, and the template's row of
 * `contract_counts` that the payment's insert moves (its triggers), which every new or
 * completed contract of the template takes too. Both are taken last and held only for the
 * inserts that need them: every check, read and write of this contract's own rows comes first.
 */
export async function fulfilCheckoutSession(
  db: DbExecutor,
  session: VerifiedSession,
  expected: { contractId?: string; caller?: Caller; checkedInvoice?: CheckedInvoice | null },
  invoicing: Invoicing,
): Promise<{ id: string; contractId: string; created: boolean }> {
  if (!session.paid || !session.contractId || !isUuid(session.contractId)) {
    throw notVerifiable();
  }
  if (expected.contractId && session.contractId !== expected.contractId) {
    throw new AppError('conflict', it.payments.sessionUsed);
  }
  const sessionContractId = session.contractId;
  return db.transaction(async (tx) => {
    // The lock serializes concurrent fulfilments of one contract (webhook retries, a reloaded
    // cart page, the webhook racing the cart) and orders them against saves. Taken before the
    // owner is checked: a refusal rolls back and releases it at once.
    const contract = await lockContract(tx, sessionContractId);
    if (!contract) throw notVerifiable();
    // The buyer of a local session, and the caller of POST /payment, must own the contract.
    if (session.userId !== undefined && session.userId !== contract.userId) throw notVerifiable();
    if (expected.caller && expected.caller.id !== contract.userId) throw notVerifiable();
    const { replayed, started } = await startFulfilment(tx, session.id);
    if (replayed) {
      if (replayed.contractId !== contract.id) {
        throw new AppError('conflict', it.payments.sessionUsed);
      }
      return { id: replayed.id, contractId: contract.id, created: false };
    }
    // Read after the lock, so a payment committed meanwhile is seen.
    if (contract.paymentId) throw new AppError('conflict', it.payments.alreadyPaid);
    const { totalCents, vatCents } = computeTotal(contract.priceCents);
    if (session.amountCents !== totalCents || session.currency !== 'eur') throw notVerifiable();
    if (contract.status !== CONTRACT_STATUS.completed) {
      throw new AppError('unprocessable', it.payments.notCompleted);
    }
    if (started) {
      if (started.contractId !== contract.id) throw notVerifiable();
      if (
        started.answersSha256 !== null &&
        started.answersSha256 !== answersSha256(contract.answers)
      ) {
        throw new AppError('conflict', it.payments.answersChanged);
      }
    }
    // The contract's updatedAt tells the cart the document changed.
    await tx
      .update(contracts)
      .set({ status: contract.status })
      .where(eq(contracts.id, contract.id));
    const { recipient, draft } = await readBuyer(tx, contract.userId);
    if (draft) {
      assertDraftIssuable(invoicing.seller, draft, {
        title: contract.templateName,
        netCents: contract.priceCents,
        checked: expected.checkedInvoice,
      });
    }

    // From here on, the shared locks: the number first (waiting for it holds nothing that new
    // or completed contracts need), then the payment, its invoice and its mail, written by one
    // statement, then commit.
    const invoice = draft ? await numberInvoice(tx, invoicing.seller, draft) : null;
    const paymentId = randomUUID();
    const paymentInsert = tx.insert(payments).values({
      id: paymentId,
      contractId: contract.id,
      provider: session.provider,
      transactionId: session.id,
      // What a Stripe refund names; null for the local provider.
      stripePaymentIntent: session.paymentIntent,
      amountCents: totalCents,
      vatCents,
      paidAt: session.paidAt,
    });
    const sale = {
      userId: contract.userId,
      contractId: contract.id,
      paymentId,
      title: contract.templateName,
      netCents: contract.priceCents,
    };
    // No payment without its invoice, no number taken by a payment that rolls back.
    const issued = invoice ? invoiceInsert(tx, invoice, sale) : null;
    // The confirmation too, with the invoice's courtesy PDF attached when it is sent.
    const mailInsert = purchaseConfirmationInsert(tx, invoicing.mail, recipient, {
      contractId: contract.id,
      title: contract.templateName,
      totalCents,
      invoice: issued?.issued ?? null,
    });
    // The invoice names the payment and the mail the invoice, by ids chosen here: the three
    // inserts need no answer from one another. Their foreign keys are checked at the end of
    // the statement, when all three rows exist.
    // getSQL(): a query builder put in sql`` would come in parentheses, which WITH refuses.
    const [paid, mailed] = [paymentInsert.getSQL(), mailInsert.getSQL()];
    await tx.execute(
      issued
        ? sql`with paid as (${paid}), invoiced as (${issued.insert.getSQL()}) ${mailed}`
        : sql`with paid as (${paid}) ${mailed}`,
    );
    return { id: paymentId, contractId: contract.id, created: true };
  });
}

/**
 * In one statement: the payment already recorded for this session (a replay), the session as
 * the server started it, if it did, and the session marked paid if it was open (an open
 * Stripe session is paid from now on). The statement reads the rows as they were before it
 * marks the session; whatever the caller then refuses rolls the mark back with it.
 */
async function startFulfilment(
  tx: DbExecutor,
  sessionId: string,
): Promise<{
  replayed: { id: string; contractId: string } | undefined;
  started: { contractId: string; answersSha256: string | null } | undefined;
}> {
  const result = await tx.execute<{
    payment_id: string | null;
    payment_contract_id: string | null;
    started_contract_id: string | null;
    started_answers_sha256: string | null;
    started: boolean;
  }>(sql`
    with marked as (
      update ${checkoutSessions} set status = 'paid'
       where ${checkoutSessions.id} = ${sessionId} and ${checkoutSessions.status} = 'open'
    )
    select p.id as payment_id, p.contract_id as payment_contract_id,
           s.contract_id as started_contract_id, s.answers_sha256 as started_answers_sha256,
           s.id is not null as started
      from (select 1) as one
      left join ${payments} p on p.transaction_id = ${sessionId}
      left join ${checkoutSessions} s on s.id = ${sessionId}`);
  const row = result.rows[0];
  return {
    replayed:
      row?.payment_id && row.payment_contract_id
        ? { id: row.payment_id, contractId: row.payment_contract_id }
        : undefined,
    started:
      row?.started && row.started_contract_id
        ? { contractId: row.started_contract_id, answersSha256: row.started_answers_sha256 }
        : undefined,
  };
}

/**
 * The buyer as the purchase mail greets them and, when they have a billing profile, their
 * invoice's draft (the buyer snapshot and the file's progressivo, from a sequence that never
 * waits on another transaction), read in one statement before the invoice's number.
 */
async function readBuyer(
  tx: DbExecutor,
  userId: string,
): Promise<{ recipient: MailRecipient; draft: InvoiceDraft | null }> {
  const [row] = await tx
    .select({
      name: users.name,
      surname: users.surname,
      pec: users.pec,
      profile: billingProfiles,
      progressivo: sql<
        string | null
      >`case when ${billingProfiles.userId} is not null then ${NEXT_PROGRESSIVO} end`,
    })
    .from(users)
    .leftJoin(billingProfiles, eq(billingProfiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId} for the purchase`);
  const { name, surname, pec, profile, progressivo } = row;
  return {
    recipient: { name, surname, pec },
    draft:
      profile && progressivo !== null
        ? { buyer: buyerOf(profile), progressivoInvio: progressivoOf(progressivo) }
        : null,
  };
}

/** GET /payment/{id} (the contract's owner or an admin). */
export async function getPayment(db: DbExecutor, caller: Caller, id: string): Promise<TPayment> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw notFound();
  await findContract(db, caller, row.contractId, mayReadPayment);
  return toPayment(row);
}

export type WebhookOutcome =
  | 'recorded'
  | 'replayed'
  | 'awaiting-payment'
  | 'refused'
  | 'expired'
  | 'ignored'
  | 'refunded'
  | 'partially-refunded'
  | 'disputed'
  | 'not-ours'
  | 'duplicate';

type WebhookResult = {
  outcome: WebhookOutcome;
  sessionId?: string;
  paymentId?: string;
  reason?: string;
};

/** The events the webhook acts on; any other is acknowledged and ignored (not recorded). */
const HANDLED_EVENTS = new Set<string>([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
  'charge.dispute.created',
]);

/**
 * POST /payment/webhook, once the signature is verified: each event acts once. Its id is
 * inserted into `stripe_events` first, in the same transaction as its effect: a redelivery (Stripe
 * retries, or delivers twice) finds the id and does nothing ('duplicate'); one delivered twice at
 * once waits on the id's unique index for the first to commit. Effect and record commit together
 * or not at all, so no crash can leave one without the other; the effects are idempotent anyway
 * (payment by session id, refund by `refunded_at`, one credit note per invoice, dispute flag).
 * An effect that cannot happen yet (a refund or dispute of a payment not recorded yet: events
 * out of order) throws 503 and records nothing, so Stripe delivers it again later. A refund or
 * dispute of a charge this server never sold (Stripe `stripe` knows no Checkout Session of ours
 * for its PaymentIntent that could still be paid) would be 503 forever, Stripe retrying for days:
 * it is acknowledged and audited once instead ('not-ours').
 */
export async function handleStripeEvent(
  db: DbExecutor,
  event: Stripe.Event,
  invoicing: Invoicing,
  stripe?: Pick<StripeProvider, 'checkoutSessionsOfIntent'>,
): Promise<WebhookResult> {
  if (!HANDLED_EVENTS.has(event.type)) return { outcome: 'ignored' };
  try {
    return await applyStripeEvent(db, event, invoicing);
  } catch (error) {
    if (!(error instanceof UnknownPaymentIntentError) || !stripe) throw error;
    const sessions = await stripe.checkoutSessionsOfIntent(error.paymentIntent);
    if (await mayStillBePaid(db, sessions)) throw error;
    return recordForeignChargeEvent(db, event, error.paymentIntent);
  }
}

async function applyStripeEvent(
  db: DbExecutor,
  event: Stripe.Event,
  invoicing: Invoicing,
): Promise<WebhookResult> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, outcome: 'pending' })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return { outcome: 'duplicate' };
    const result =
      event.type === 'charge.refunded' || event.type === 'charge.dispute.created'
        ? await applyChargeEvent(tx, event, invoicing)
        : await applyCheckoutEvent(tx, event, invoicing);
    await tx
      .update(stripeEvents)
      .set({ outcome: result.outcome })
      .where(eq(stripeEvents.id, event.id));
    return result;
  });
}

/** 503: no payment of ours has the PaymentIntent a charge or dispute names (yet). */
class UnknownPaymentIntentError extends AppError {
  constructor(readonly paymentIntent: string) {
    super('unavailable', it.payments.webhookPaymentUnknown);
  }
}

/**
 * Whether one of the PaymentIntent's Checkout Sessions may still become a payment here: it names
 * (or we recorded it for) a contract of ours that has no payment yet. A contract paid already
 * would refuse it, so its refund is no longer out of order.
 */
async function mayStillBePaid(db: DbExecutor, sessions: VerifiedSession[]): Promise<boolean> {
  for (const session of sessions) {
    const started = await findCheckoutSession(db, session.id);
    const contractId = started?.contractId ?? session.contractId;
    if (!contractId || !isUuid(contractId)) continue;
    const [contract] = await db
      .select({ id: contracts.id, paymentId: payments.id })
      .from(contracts)
      .leftJoin(payments, eq(payments.contractId, contracts.id))
      .where(eq(contracts.id, contractId));
    if (contract && contract.paymentId === null) return true;
  }
  return false;
}

/** A refund or dispute of a charge that is not ours: acknowledged, audited once (by its id). */
async function recordForeignChargeEvent(
  db: DbExecutor,
  event: Stripe.Event,
  paymentIntent: string,
): Promise<WebhookResult> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, outcome: 'not-ours' })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return { outcome: 'duplicate' };
    await recordAudit(tx, {
      actorId: null,
      action: AUDIT_ACTIONS.stripeChargeNotOurs,
      target: { type: 'stripe-payment-intent', id: paymentIntent },
      details: { eventId: event.id, type: event.type },
    });
    return { outcome: 'not-ours' };
  });
}

/** The payment a Stripe charge or dispute names by its PaymentIntent; 503 while unknown. */
async function paymentOfIntent(
  tx: DbExecutor,
  intent: string | { id: string } | null,
): Promise<PaymentRow | null> {
  const id = typeof intent === 'string' ? intent : intent?.id;
  // A charge without a PaymentIntent was not made through our Checkout Sessions.
  if (!id) return null;
  const [payment] = await tx.select().from(payments).where(eq(payments.stripePaymentIntent, id));
  // Out of order (the refund before checkout.session.completed): Stripe retries a non-2xx.
  if (!payment) throw new UnknownPaymentIntentError(id);
  return payment;
}

/**
 * `charge.refunded`: a full refund (from the admin screen, whose own refund finds the payment
 * already refunded, or from Stripe's dashboard) revokes the download and issues the credit note;
 * a partial one only leaves an audit entry: a purchase is one document at one price, there is
 * no part of it to take back, and a partial credit note is the accountant's call.
 * `charge.dispute.created`: the payment is flagged for the admin with the bank's reason.
 */
async function applyChargeEvent(
  tx: DbExecutor,
  event: Stripe.ChargeRefundedEvent | Stripe.ChargeDisputeCreatedEvent,
  invoicing: Invoicing,
): Promise<WebhookResult> {
  if (event.type === 'charge.dispute.created') {
    const dispute = event.data.object;
    const payment = await paymentOfIntent(tx, dispute.payment_intent);
    if (!payment) return { outcome: 'ignored' };
    await tx
      .update(payments)
      .set({
        disputedAt: sql`coalesce(${payments.disputedAt}, now())`,
        disputeReason: dispute.reason,
      })
      .where(eq(payments.id, payment.id));
    await recordAudit(tx, {
      actorId: null,
      action: AUDIT_ACTIONS.paymentDisputed,
      target: { type: 'payment', id: payment.id },
      details: { contractId: payment.contractId, eventId: event.id, reason: dispute.reason },
    });
    return { outcome: 'disputed', paymentId: payment.id };
  }
  const charge = event.data.object;
  const payment = await paymentOfIntent(tx, charge.payment_intent);
  if (!payment) return { outcome: 'ignored' };
  if (charge.refunded || charge.amount_refunded >= charge.amount) {
    await refundPayment(tx, invoicing, payment.id, { by: 'stripe', eventId: event.id });
    return { outcome: 'refunded', paymentId: payment.id };
  }
  await recordAudit(tx, {
    actorId: null,
    action: AUDIT_ACTIONS.paymentPartiallyRefunded,
    target: { type: 'payment', id: payment.id },
    details: {
      contractId: payment.contractId,
      eventId: event.id,
      amountRefundedCents: charge.amount_refunded,
      amountCents: charge.amount,
    },
  });
  return { outcome: 'partially-refunded', paymentId: payment.id };
}

/**
 * The Checkout Session events, inside handleStripeEvent's transaction: `checkout.session.completed` with the
 * session paid, and `checkout.session.async_payment_succeeded`, fulfil exactly as POST /payment
 * does, so a buyer who closed the tab after paying still gets the document. A session completed
 * but unpaid (a delayed method such as SEPA) waits for the async event; a failed async payment
 * records nothing; a session expired or whose payment failed no longer locks its contract (the
 * buyer may edit the answers again), one awaiting a delayed payment keeps it locked. A session that fails verification is refused here and acknowledged, since
 * Stripe retrying it would not change the answer; other errors (the database down) propagate,
 * so Stripe retries.
 */
async function applyCheckoutEvent(
  db: DbExecutor,
  event: Stripe.Event,
  invoicing: Invoicing,
): Promise<WebhookResult> {
  if (
    event.type !== 'checkout.session.completed' &&
    event.type !== 'checkout.session.async_payment_succeeded' &&
    event.type !== 'checkout.session.async_payment_failed' &&
    event.type !== 'checkout.session.expired'
  ) {
    return { outcome: 'ignored' };
  }
  const session = fromStripeSession(event.data.object);
  if (
    event.type === 'checkout.session.expired' ||
    event.type === 'checkout.session.async_payment_failed'
  ) {
    const expired = await expireCheckoutSession(db, session.id);
    return { outcome: expired ? 'expired' : 'ignored', sessionId: session.id };
  }
  if (!session.paid) {
    await awaitCheckoutSessionPayment(db, session.id);
    return { outcome: 'awaiting-payment', sessionId: session.id };
  }
  try {
    const payment = await fulfilCheckoutSession(db, session, {}, invoicing);
    return {
      outcome: payment.created ? 'recorded' : 'replayed',
      sessionId: session.id,
      paymentId: payment.id,
    };
  } catch (error) {
    if (error instanceof AppError) {
      return { outcome: 'refused', sessionId: session.id, reason: error.message };
    }
    throw error;
  }
}
