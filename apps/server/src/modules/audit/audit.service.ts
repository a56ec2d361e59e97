import type { DbExecutor } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

/** What admins do to accounts; the names are stable, reports filter on them. */
export const AUDIT_ACTIONS = {
  userStatusChanged: 'user.status-changed',
  editorCreated: 'user.editor-created',
  userUpdated: 'user.updated',
  categoryCreated: 'category.created',
  categoryUpdated: 'category.updated',
  categoryDeleted: 'category.deleted',
  templateCreated: 'template.created',
  templateUpdated: 'template.updated',
  templatePublished: 'template.published',
  templateSuspended: 'template.suspended',
  templateDeleted: 'template.deleted',
  /** An admin downloaded a document a user bought (support): who looked at whose document. */
  contractDownloadedByAdmin: 'contract.downloaded-by-admin',
  /**
   * A contract's answers were saved changed: which questions, never the answers (personal data:
   * names, tax codes, amounts).
   */
  contractAnswersChanged: 'contract.answers-changed',
  /** A lawyer deleted a document still in progress (never a bought one): the template, no answer. */
  contractDraftDeleted: 'contract.draft-deleted',
  /** A payment refunded in full (by an admin, or in Stripe): the download revoked, a credit note. */
  paymentRefunded: 'payment.refunded',
  /** Stripe refunded part of a charge: nothing revoked (one document, one price), recorded. */
  paymentPartiallyRefunded: 'payment.partially-refunded',
  /** The buyer's bank disputes the charge: flagged for the admin. */
  paymentDisputed: 'payment.disputed',
  /** Stripe refunded or disputed a charge this server never sold: acknowledged, not retried. */
  stripeChargeNotOurs: 'stripe.charge-not-ours',
  /*
   * A lawyer's client register: the lawyer is the controller, the platform the processor. Each
   * row names the client and, for a change, which fields changed; never a value (names, tax
   * codes, addresses are the client's personal data).
   */
  clientCreated: 'client.created',
  clientUpdated: 'client.updated',
  /** The client's data downloaded as JSON (portability, or an answer to an access request). */
  clientExported: 'client.exported',
  /** The client's record erased; documents bought for them keep their own answers. */
  clientDeleted: 'client.deleted',
  /*
   * «Stato del servizio»: an admin sent a stopped mail again, or tried an invoice's
   * transmission now. The mail's address and subject stay out (personal data); its attempts
   * and the invoice's number say what was retried.
   */
  mailRetried: 'mail.retried',
  invoiceTransmissionRetried: 'invoice.transmission-retried',
} as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];
export type AuditTargetType =
  | 'user'
  | 'category'
  | 'template'
  | 'contract'
  | 'payment'
  | 'stripe-payment-intent'
  | 'client'
  | 'mail'
  | 'invoice';

/**
 * Records who did what to whom. Call it in the transaction of the action itself: an action
 * without its audit row (or the reverse) can never be committed.
 */
export async function recordAudit(
  executor: DbExecutor,
  entry: {
    actorId: string | null;
    action: AuditAction;
    target: { type: AuditTargetType; id: string };
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await executor.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    details: entry.details ?? null,
  });
}
