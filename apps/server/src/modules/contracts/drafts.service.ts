import { it } from '@lexpath/shared/messages/it';
import { and, eq, ne } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { checkoutSessions, contracts } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Caller } from '../../policy.ts';
import { mayEditContract } from '../../policy.ts';
import { AUDIT_ACTIONS, recordAudit } from '../audit/audit.service.ts';
import { findContract, hasCheckoutInProgress } from './contract-store.ts';

/**
 * DELETE /contract/{id}: the lawyer drops a document of their own that was never bought. A paid
 * one, or one whose payment is under way, stays (409): its invoice and its download belong to
 * the purchase. Checkout sessions that ended without a payment (expired, abandoned) go with it.
 */
export async function deleteDraft(db: DbExecutor, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findContract(tx, caller, id, mayEditContract, { forUpdate: true });
    if (row.paymentId || (await hasCheckoutInProgress(tx, row.id))) {
      throw new AppError('conflict', it.contracts.draftNotDeletable);
    }
    await tx
      .delete(checkoutSessions)
      .where(and(eq(checkoutSessions.contractId, row.id), ne(checkoutSessions.status, 'paid')));
    await tx.delete(contracts).where(eq(contracts.id, row.id));
    await recordAudit(tx, {
      actorId: caller.id,
      action: AUDIT_ACTIONS.contractDraftDeleted,
      target: { type: 'contract', id: row.id },
      details: { templateId: row.templateId, status: row.status },
    });
  });
}
