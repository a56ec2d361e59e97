import { it } from '@lexpath/shared';
import type { TRefundResult } from '@lexpath/shared/schemas/invoices';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { SellerConfig } from '../../config.ts';
import type { DbExecutor } from '../../db/client.ts';
import { contracts, type PaymentRow, payments } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Caller } from '../../policy.ts';
import { AUDIT_ACTIONS, recordAudit } from '../audit/audit.service.ts';
import { lockContract } from '../contracts/contract-store.ts';
import { issueCreditNote } from '../invoices/invoices.service.ts';
import type { MailContext } from '../mail/mail.templates.ts';
import type { PaymentProvider, StripeProvider } from './providers.ts';
import { enqueueRefundConfirmation } from './purchase-mail.ts';

/** Who issues the credit note, and what the buyer's mail links to. */
export type Invoicing = { seller: SellerConfig; mail: MailContext };

const notFound = () => new AppError('notFound', it.errors.notFound);

/** Who refunded: an admin from the invoices screen, or Stripe (dashboard, `charge.refunded`). */
export type RefundOrigin = { by: 'admin'; actorId: string } | { by: 'stripe'; eventId: string };

export type RefundOutcome = TRefundResult & {
  /** False when the payment was already refunded: nothing changed. */
  created: boolean;
};

/**
 * The local side of a refund, in one transaction under the contract's row lock (the lock every
 * writer of the contract and its payment takes): marks the payment refunded, which revokes the
 * buyer's download, issues the credit note (TD04) of its invoice, when it had one, and records
 * the audit entry. Idempotent: a payment already refunded answers as it was, with its one credit
 * note. Money is not moved here: the caller has refunded at the provider first (or Stripe told
 * us it did).
 */
export async function refundPayment(
  db: DbExecutor,
  invoicing: Invoicing,
  paymentId: string,
  origin: RefundOrigin,
  details: { stripePaymentIntent?: string } = {},
): Promise<RefundOutcome> {
  if (!isUuid(paymentId)) throw notFound();
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ contractId: payments.contractId })
      .from(payments)
      .where(eq(payments.id, paymentId));
    if (!found) throw notFound();
    const contract = await lockContract(tx, found.contractId);
    if (!contract) throw notFound();
    // Read after the lock: a refund that waited for it sees the one it waited for.
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment) throw notFound();
    if (payment.refundedAt) {
      // Already refunded: the credit note it got (issueCreditNote answers the existing one).
      const creditNote = await issueCreditNote(tx, invoicing.seller, { paymentId });
      return {
        paymentId,
        refundedAt: payment.refundedAt.toISOString(),
        creditNote,
        created: false,
      };
    }
    const [refunded] = await tx
      .update(payments)
      .set({
        refundedAt: sql`now()`,
        // Learnt from Stripe for a payment recorded without it: later events name it.
        ...(payment.stripePaymentIntent === null && details.stripePaymentIntent
          ? { stripePaymentIntent: details.stripePaymentIntent }
          : {}),
      })
      .where(eq(payments.id, paymentId))
      .returning({ refundedAt: payments.refundedAt });
    if (!refunded?.refundedAt) throw new Error('payment refund returned no row');
    const creditNote = await issueCreditNote(tx, invoicing.seller, { paymentId });
    await recordAudit(tx, {
      actorId: origin.by === 'admin' ? origin.actorId : null,
      action: AUDIT_ACTIONS.paymentRefunded,
      target: { type: 'payment', id: paymentId },
      details: {
        contractId: payment.contractId,
        ownerId: contract.userId,
        origin: origin.by,
        ...(origin.by === 'stripe' ? { eventId: origin.eventId } : {}),
        amountCents: payment.amountCents,
        creditNote: creditNote?.number ?? null,
      },
    });
    await enqueueRefundConfirmation(tx, invoicing.mail, {
      userId: contract.userId,
      contractId: contract.id,
      title: contract.templateName,
      totalCents: payment.amountCents,
      creditNote,
    });
    // The contract's updatedAt tells the screens the document changed (download revoked).
    await tx
      .update(contracts)
      .set({ status: contract.status })
      .where(eq(contracts.id, contract.id));
    return {
      paymentId,
      refundedAt: refunded.refundedAt.toISOString(),
      creditNote,
      created: true,
    };
  });
}

/** The PaymentIntent of a Stripe payment: stored at fulfilment, else asked of its session. */
async function paymentIntentOf(stripe: Stripe, payment: PaymentRow): Promise<string> {
  if (payment.stripePaymentIntent) return payment.stripePaymentIntent;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(payment.transactionId);
  } catch (error) {
    throw stripeFailure(error);
  }
  const intent =
    typeof session.payment_intent === 'string'
      ? session.payment_intent
      : session.payment_intent?.id;
  if (!intent) throw new AppError('unprocessable', it.payments.refundNotPossible);
  return intent;
}

/** Stripe refusing the request (4xx): this payment cannot be refunded here; otherwise retry. */
function stripeFailure(error: unknown): AppError {
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    return new AppError('unprocessable', it.payments.refundNotPossible, { cause: error });
  }
  return new AppError('unavailable', it.payments.providerUnavailable, { cause: error });
}

/**
 * POST /payment/{id}/refund (admin): refunds a payment in full. A Stripe payment is refunded at
 * Stripe first, outside any transaction (no lock held across a network call), with an
 * idempotency key per payment, so a retry after a timeout refunds once; only then is it refunded
 * here (refundPayment). Stripe unreachable: 503 and nothing changed, the admin retries. A payment
 * already refunded answers 200 with the same result and asks Stripe nothing: a retried click
 * is not an error. The Stripe `charge.refunded` event that follows finds it refunded.
 */
export async function refundByAdmin(
  db: DbExecutor,
  provider: PaymentProvider | StripeProvider,
  invoicing: Invoicing,
  caller: Caller,
  paymentId: string,
): Promise<TRefundResult> {
  if (!isUuid(paymentId)) throw notFound();
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw notFound();
  const origin = { by: 'admin', actorId: caller.id } as const;
  let stripePaymentIntent: string | undefined;
  if (!payment.refundedAt && payment.provider === 'stripe') {
    // A Stripe payment on a server without Stripe configured cannot be refunded from here.
    if (!('stripe' in provider)) throw new AppError('unavailable', it.payments.providerUnavailable);
    stripePaymentIntent = await paymentIntentOf(provider.stripe, payment);
    try {
      await provider.stripe.refunds.create(
        { payment_intent: stripePaymentIntent },
        { idempotencyKey: `refund-${paymentId}` },
      );
    } catch (error) {
      // Refunded in Stripe's dashboard before its event reached us: only the local side is left.
      const alreadyRefunded =
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.code === 'charge_already_refunded';
      if (!alreadyRefunded) throw stripeFailure(error);
    }
  }
  const { created: _created, ...result } = await refundPayment(db, invoicing, paymentId, origin, {
    ...(stripePaymentIntent ? { stripePaymentIntent } : {}),
  });
  return result;
}
