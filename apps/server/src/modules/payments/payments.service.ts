import { randomBytes } from 'node:crypto';
import { centsToDecimal, computeTotal, it, parseEuroToCents, ROLES } from '@lexpath/shared';
import { CONTRACT_STATUS } from '@lexpath/shared/schemas/contracts';
import type { TPayment } from '@lexpath/shared/schemas/payments';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { checkoutSessions, contracts, type PaymentRow, payments } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import { AppError } from '../../plugins/errors.ts';
import { findContract } from '../contracts/contracts.service.ts';
import type { Viewer } from '../templates/templates.service.ts';

const notFound = () => new AppError(404, it.errors.notFound);
const notVerifiable = () => new AppError(422, it.payments.notVerifiable);

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
 * Records a paid session for the contract's total, which POST /payment then verifies.
 */
export async function createLocalCheckout(
  db: DbExecutor,
  viewer: Viewer,
  contractId: string,
): Promise<{ session_id: string }> {
  const contract = await findContract(db, viewer, contractId);
  if (contract.paymentId) throw new AppError(409, it.payments.alreadyPaid);
  if (contract.status !== CONTRACT_STATUS.completed) {
    throw new AppError(422, it.payments.notCompleted);
  }
  const id = `local_${randomBytes(18).toString('base64url')}`;
  await db.insert(checkoutSessions).values({
    id,
    contractId: contract.id,
    userId: viewer.id,
    amountCents: computeTotal(contract.priceCents).totalCents,
    status: 'paid',
  });
  return { session_id: id };
}

export type PaymentInput = { transactionId: string; price: string | number; contractId: string };

/**
 * POST /payment: records the payment once the session is verified against the server's own
 * record: paid, for that contract and that caller, for the server's total (price + 22 % VAT),
 * which the client's `price` must match too. A replay answers the payment already recorded.
 */
export async function recordPayment(
  db: DbExecutor,
  viewer: Viewer,
  input: PaymentInput,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    // The lock serializes two submissions for one contract (a reloaded cart page).
    const contract = await findContract(tx, viewer, input.contractId, { forUpdate: true });
    const [existing] = await tx
      .select({ id: payments.id, contractId: payments.contractId })
      .from(payments)
      .where(eq(payments.transactionId, input.transactionId));
    if (existing) {
      if (existing.contractId !== contract.id) throw new AppError(409, it.payments.sessionUsed);
      return { id: existing.id };
    }
    const [paid] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.contractId, contract.id));
    if (paid) throw new AppError(409, it.payments.alreadyPaid);
    const { totalCents, vatCents } = computeTotal(contract.priceCents);
    if (parseEuroToCents(input.price) !== totalCents) {
      throw new AppError(422, it.payments.priceMismatch);
    }

    const [session] = await tx
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, input.transactionId));
    if (!session || session.userId !== viewer.id || session.status !== 'paid') {
      throw notVerifiable();
    }
    if (session.contractId !== contract.id) throw new AppError(409, it.payments.sessionUsed);
    if (session.amountCents !== totalCents) throw notVerifiable();

    const [created] = await tx
      .insert(payments)
      .values({
        contractId: contract.id,
        provider: 'local',
        transactionId: session.id,
        amountCents: totalCents,
        vatCents,
        paidAt: session.createdAt,
      })
      .returning({ id: payments.id });
    if (!created) throw new Error('payment insert returned nothing');
    // The contract's updatedAt tells the cart the document changed.
    await tx
      .update(contracts)
      .set({ status: contract.status })
      .where(eq(contracts.id, contract.id));
    return { id: created.id };
  });
}

/** GET /payment/{id} (the contract's owner or an admin). */
export async function getPayment(db: DbExecutor, viewer: Viewer, id: string): Promise<TPayment> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw notFound();
  await findContract(db, viewer, row.contractId, { adminMayRead: viewer.role === ROLES.admin });
  return toPayment(row);
}
