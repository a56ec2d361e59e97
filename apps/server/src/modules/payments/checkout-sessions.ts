/**
 * The checkout sessions the server started (any provider): what locks a contract while its
 * payment is in progress, and what it was priced on. The payment services record and fulfil
 * them; whether one is in progress is the contract store's question (contracts/contract-store.ts).
 */
import { createHash } from 'node:crypto';
import type { TAnswers } from '@lexpath/shared/schemas/questions';
import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { checkoutSessions, type PAYMENT_PROVIDERS } from '../../db/schema.ts';
import { canonicalJson } from '../../lib/canonical-json.ts';

/** What a checkout session pins of the contract's answers: equal answers, equal digest. */
export function answersSha256(answers: TAnswers): string {
  return createHash('sha256').update(canonicalJson(answers)).digest('hex');
}

export type NewCheckoutSession = {
  id: string;
  provider: (typeof PAYMENT_PROVIDERS)[number];
  contractId: string;
  userId: string;
  amountCents: number;
  /** The contract's answers when the buyer was sent to pay. */
  answers: TAnswers;
  status: 'open' | 'paid';
  expiresAt?: Date | null;
  /** Where the buyer pays (Stripe's hosted page), answered again while the session is open. */
  url?: string | null;
};

/**
 * Records a session the server started, under the contract's row lock (the caller holds it and
 * has checked the contract is COMPLETED and unpaid): from here on the contract is not editable.
 */
export async function insertCheckoutSession(
  tx: DbExecutor,
  session: NewCheckoutSession,
): Promise<void> {
  await tx.insert(checkoutSessions).values({
    id: session.id,
    provider: session.provider,
    contractId: session.contractId,
    userId: session.userId,
    amountCents: session.amountCents,
    answersSha256: answersSha256(session.answers),
    status: session.status,
    expiresAt: session.expiresAt ?? null,
    url: session.url ?? null,
  });
}

/** The server's record of a provider session, if it started it. */
export async function findCheckoutSession(tx: DbExecutor, id: string) {
  const [row] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  return row;
}

/** The provider closed the session unpaid (expired, or its payment failed): editable again. */
export async function expireCheckoutSession(db: DbExecutor, id: string): Promise<boolean> {
  const rows = await db
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
    .returning({ id: checkoutSessions.id });
  return rows.length > 0;
}

/**
 * The buyer finished the checkout with a delayed method (SEPA): the session no longer expires on
 * its own and keeps the contract locked until the provider says paid or failed.
 */
export async function awaitCheckoutSessionPayment(db: DbExecutor, id: string): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ expiresAt: null })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
}

/** Fulfilment recorded the payment: an open session (Stripe) is paid from now on. */
export async function markCheckoutSessionPaid(tx: DbExecutor, id: string): Promise<void> {
  await tx
    .update(checkoutSessions)
    .set({ status: 'paid' })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
}
