import { it } from '@lexpath/shared';
import type {
  TInvoiceProblem,
  TServiceStatus,
  TStoppedMail,
} from '@lexpath/shared/schemas/service-status';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invoices, outbox } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { AUDIT_ACTIONS, recordAudit } from '../audit/audit.service.ts';
import { listPreviewFailures } from './preview-failures.ts';

/** The transmission worker retries within 10 minutes at most: longer without it is stuck. */
export const STUCK_AFTER_MINUTES = 15;

/** Each list shows this many, newest first: a screen, not an archive. */
const SHOWN = 50;

export async function readServiceStatus(db: Database): Promise<TServiceStatus> {
  const mails = await db
    .select({
      id: outbox.id,
      to: outbox.to,
      subject: outbox.subject,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(eq(outbox.status, 'failed'))
    .orderBy(desc(outbox.createdAt))
    .limit(SHOWN);
  const problems = await db
    .select({
      id: invoices.id,
      number: invoices.fullNumber,
      issuedOn: invoices.issuedOn,
      status: invoices.status,
      reason: invoices.statusReason,
      transmittedAt: invoices.transmittedAt,
      createdAt: invoices.createdAt,
    })
    .from(invoices)
    .where(
      sql`${invoices.status} = 'scartata' or (${invoices.transmittedAt} is null and ${invoices.createdAt} < now() - make_interval(mins => ${STUCK_AFTER_MINUTES}))`,
    )
    .orderBy(desc(invoices.createdAt))
    .limit(SHOWN);
  return {
    mails: mails.map(
      (mail): TStoppedMail => ({ ...mail, createdAt: mail.createdAt.toISOString() }),
    ),
    invoices: problems.map(
      (invoice): TInvoiceProblem => ({
        id: invoice.id,
        number: invoice.number,
        issuedOn: invoice.issuedOn,
        problem: invoice.status === 'scartata' ? 'scartata' : 'ferma',
        reason: invoice.reason,
        createdAt: invoice.createdAt.toISOString(),
      }),
    ),
    previews: await listPreviewFailures(db, SHOWN),
  };
}

/**
 * A stopped mail is due again with a fresh count of attempts. Only a stopped one: a mail
 * pending or being sent is the worker's, and a sent one stays sent.
 */
export async function retryStoppedMail(db: Database, adminId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    // The attempts before the reset, for the audit row: read under the row's lock.
    const [stopped] = await tx
      .select({ attempts: outbox.attempts })
      .from(outbox)
      .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
      .for('update');
    if (!stopped) {
      const [existing] = await tx.select({ id: outbox.id }).from(outbox).where(eq(outbox.id, id));
      if (!existing) throw new AppError('notFound', it.operations.mailNotFound);
      throw new AppError('conflict', it.operations.mailNotStopped);
    }
    await tx
      .update(outbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
      .where(eq(outbox.id, id));
    await recordAudit(tx, {
      actorId: adminId,
      action: AUDIT_ACTIONS.mailRetried,
      target: { type: 'mail', id },
      details: { attemptsBefore: stopped.attempts },
    });
  });
}

/**
 * The invoice must still be waiting for its transmission: one handed over is never sent again
 * from here, and one the SDI refused is corrected by a new document, not resent. The admin's
 * retry is audited before the worker is told.
 */
export async function recordInvoiceRetry(db: Database, adminId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [invoice] = await tx
      .select({ transmittedAt: invoices.transmittedAt, number: invoices.fullNumber })
      .from(invoices)
      .where(eq(invoices.id, id));
    if (!invoice) throw new AppError('notFound', it.operations.invoiceNotFound);
    if (invoice.transmittedAt)
      throw new AppError('conflict', it.operations.invoiceAlreadyTransmitted);
    await recordAudit(tx, {
      actorId: adminId,
      action: AUDIT_ACTIONS.invoiceTransmissionRetried,
      target: { type: 'invoice', id },
      details: { number: invoice.number },
    });
  });
}
