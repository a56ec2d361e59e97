import { createHash } from 'node:crypto';
import { computeTotal, it } from '@lexpath/shared';
import { CONTRACT_STATUS } from '@lexpath/shared/schemas/contracts';
import type { TCheckoutResult } from '@lexpath/shared/schemas/payments';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { billingProfiles, checkoutSessions, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Caller, mayPayContract } from '../../policy.ts';
import {
  type ContractRow,
  findContract,
  hasCheckoutInProgress,
} from '../contracts/contract-store.ts';
import { answersSha256, insertCheckoutSession } from './checkout-sessions.ts';
import type { PaymentProvider, StripeProvider } from './providers.ts';

/** The web app's test payment page (SPEC §2 routes), where the local provider takes payments. */
export const LOCAL_CHECKOUT_PATH = '/pagamento-di-prova';
/** The cart (SPEC §2), where Stripe sends the buyer back (SPEC §4: with `session_id`). */
export const CART_PATH = '/user/nuovo-contratto/carrello';

/**
 * How long a Stripe Checkout Session stays payable: Stripe's minimum is 30 minutes from its
 * creation. The expiry is the start of the current minute plus 32 minutes, so it is the same
 * for every request of that minute (Stripe refuses a repeated Idempotency-Key whose parameters
 * differ) and still at least 31 minutes ahead when the request reaches Stripe.
 */
const SESSION_LIFETIME_MS = 32 * 60_000;
const IDEMPOTENCY_WINDOW_MS = 60_000;

/**
 * The caller's billing profile must exist before any checkout (issue 14): the invoice issued at
 * fulfilment names the buyer. A stored profile passed every check when it was saved.
 */
export async function requireBillingProfile(db: DbExecutor, userId: string): Promise<void> {
  const [profile] = await db
    .select({ userId: billingProfiles.userId })
    .from(billingProfiles)
    .where(eq(billingProfiles.userId, userId));
  if (!profile) throw new AppError('unprocessable', it.payments.billingRequired);
}

/** The checks every checkout makes on the contract, at the first read and again under its lock. */
function assertPayable(contract: ContractRow): void {
  if (contract.paymentId) throw new AppError('conflict', it.payments.alreadyPaid);
  if (contract.status !== CONTRACT_STATUS.completed) {
    throw new AppError('unprocessable', it.payments.notCompleted);
  }
}

/**
 * POST /payment/checkout (owner; contract COMPLETED and not yet paid; billing profile given):
 * where 'Acquista' sends the buyer. The provider in force decides (DESIGN §8): without a Stripe
 * key, the local test page; with Stripe, a Checkout Session the server creates for exactly this
 * contract and its pinned price. The template's `stripe_url` decides nothing any more.
 * Another user's contract: 404.
 */
export async function createCheckout(
  db: DbExecutor,
  provider: PaymentProvider | StripeProvider,
  options: { appUrl: string },
  caller: Caller,
  contractId: string,
): Promise<TCheckoutResult> {
  const contract = await findContract(db, caller, contractId, mayPayContract);
  assertPayable(contract);
  await requireBillingProfile(db, caller.id);
  if (!('createCheckoutSession' in provider)) {
    return { url: `${LOCAL_CHECKOUT_PATH}?contract=${encodeURIComponent(contract.id)}` };
  }
  return createStripeCheckout(db, provider, options.appUrl, caller, contract);
}

/** The newest Stripe session of the contract: the next session's key names the one it replaces. */
async function latestStripeSession(db: DbExecutor, contractId: string) {
  const [row] = await db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(
      and(eq(checkoutSessions.contractId, contractId), eq(checkoutSessions.provider, 'stripe')),
    )
    .orderBy(desc(checkoutSessions.createdAt), desc(checkoutSessions.id))
    .limit(1);
  return row;
}

/** An open, unexpired Stripe session for these answers: the one a second 'Acquista' reuses. */
async function findReusableSession(db: DbExecutor, contractId: string, sha: string) {
  const [row] = await db
    .select({ url: checkoutSessions.url })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.contractId, contractId),
        eq(checkoutSessions.provider, 'stripe'),
        eq(checkoutSessions.status, 'open'),
        eq(checkoutSessions.answersSha256, sha),
        gt(checkoutSessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row?.url ?? undefined;
}

/**
 * The Stripe checkout. One open session per contract: while an open, unexpired session for the
 * same answers exists, its URL is answered again without asking Stripe. Otherwise a new session
 * is created, then recorded:
 *
 * - Stripe is called with no transaction holding the contract's lock (a network call may take
 *   seconds; saves of the contract would wait on it). Its Idempotency-Key is derived from the
 *   contract, its answers, the session it replaces and the minute, so a retried or doubled
 *   request gets the same session from Stripe instead of a second one.
 * - The session is then inserted under the contract's row lock, re-checking what the first read
 *   saw: a save or a payment that committed in between wins (422/409, and the new session is
 *   never shown to anyone: it expires unused); a concurrent 'Acquista' that recorded its
 *   session first (the same one, through the key, or another one) is answered with that URL.
 *
 * The amount is two lines with `price_data`: the document at the contract's pinned net price,
 * and the 22 % VAT as its own line computed by the shared `computeTotal`. Stripe's total is then
 * exactly the server's total (what fulfilment verifies), with no Stripe Tax or tax-rate
 * settings to keep in step with the server; the e-invoice, not Stripe, is the tax document.
 */
async function createStripeCheckout(
  db: DbExecutor,
  provider: StripeProvider,
  appUrl: string,
  caller: Caller,
  contract: ContractRow,
): Promise<TCheckoutResult> {
  const sha = answersSha256(contract.answers);
  const reusable = await findReusableSession(db, contract.id, sha);
  if (reusable) return { url: reusable };
  // Any other session in progress (a delayed payment awaiting its outcome) must end first. A
  // concurrent 'Acquista' may have recorded, since the first look, the very session this one
  // would reuse: then it is answered, not refused.
  if (await hasCheckoutInProgress(db, contract.id)) {
    const recorded = await findReusableSession(db, contract.id, sha);
    if (recorded) return { url: recorded };
    throw new AppError('conflict', it.payments.checkoutInProgress);
  }
  const previous = await latestStripeSession(db, contract.id);
  const [buyer] = await db.select({ pec: users.pec }).from(users).where(eq(users.id, caller.id));
  const { netCents, vatCents, totalCents } = computeTotal(contract.priceCents);
  const now = Date.now();
  const windowStart = now - (now % IDEMPOTENCY_WINDOW_MS);
  const expiresAt = Math.floor((windowStart + SESSION_LIFETIME_MS) / 1000);
  const idempotencyKey = `checkout-${createHash('sha256')
    .update([contract.id, sha, previous?.id ?? 'first', windowStart].join(':'))
    .digest('hex')}`;
  const cart = `${appUrl}${CART_PATH}`;
  const contractParam = `contract=${encodeURIComponent(contract.id)}`;
  const created = await provider.createCheckoutSession(
    {
      mode: 'payment',
      currency: 'eur',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'eur',
            unit_amount: netCents,
            product_data: { name: contract.templateName },
          },
        },
        {
          quantity: 1,
          price_data: {
            currency: 'eur',
            unit_amount: vatCents,
            product_data: { name: 'IVA 22%' },
          },
        },
      ],
      client_reference_id: contract.id,
      metadata: {
        contractId: contract.id,
        templateVersionId: contract.templateVersionId,
        amountCents: String(totalCents),
      },
      ...(buyer?.pec ? { customer_email: buyer.pec } : {}),
      // The cart reads `session_id` (SPEC §4) and, when the tab lost its stored contract, `contract`.
      success_url: `${cart}?session_id={CHECKOUT_SESSION_ID}&${contractParam}`,
      cancel_url: `${cart}?${contractParam}`,
      expires_at: expiresAt,
    },
    idempotencyKey,
  );

  return db.transaction(async (tx) => {
    const locked = await findContract(tx, caller, contract.id, mayPayContract, {
      forUpdate: true,
    });
    assertPayable(locked);
    const lockedAnswers = locked.answers;
    if (answersSha256(lockedAnswers) !== sha) {
      throw new AppError('conflict', it.payments.contractChanged);
    }
    const recorded = await findReusableSession(tx, contract.id, sha);
    if (recorded) return { url: recorded };
    if (await hasCheckoutInProgress(tx, contract.id)) {
      throw new AppError('conflict', it.payments.checkoutInProgress);
    }
    await insertCheckoutSession(tx, {
      id: created.id,
      provider: 'stripe',
      contractId: contract.id,
      userId: caller.id,
      amountCents: totalCents,
      answers: lockedAnswers,
      status: 'open',
      expiresAt: created.expiresAt,
      url: created.url,
    });
    return { url: created.url };
  });
}
