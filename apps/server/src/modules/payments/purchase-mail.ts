import { formatEuro, formatShortDate } from '@lexpath/shared/italian-formats';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { enqueueMail, outboxInsert } from '../mail/mail.outbox.ts';
import {
  type MailContext,
  purchaseConfirmationMail,
  refundConfirmationMail,
} from '../mail/mail.templates.ts';

/** Whom a purchase or refund mail goes to, and how it greets them. */
export type MailRecipient = { name: string; surname: string; pec: string };

/**
 * The insert queueing the purchase confirmation to `buyer`'s PEC, to run in the fulfilment's
 * transaction `tx`: it exists if and only if the payment commits. With an invoice, the outbox
 * row names it and the worker attaches its courtesy PDF when it sends the mail (LibreOffice
 * never runs inside the payment's transaction). Fulfilment sends it in the statement that
 * writes the payment and its invoice, while it holds the numbering lock.
 */
export function purchaseConfirmationInsert(
  tx: DbExecutor,
  context: MailContext,
  buyer: MailRecipient,
  purchase: {
    contractId: string;
    title: string;
    totalCents: number;
    invoice: { id: string; fullNumber: string; issuedOn: string } | null;
  },
) {
  const { invoice } = purchase;
  return outboxInsert(tx, {
    to: buyer.pec,
    ...purchaseConfirmationMail(context, {
      name: buyer.name,
      surname: buyer.surname,
      title: purchase.title,
      contractId: purchase.contractId,
      total: formatEuro(purchase.totalCents),
      invoice: invoice
        ? { number: invoice.fullNumber, date: formatShortDate(invoice.issuedOn) }
        : null,
    }),
    ...(invoice ? { attachInvoiceId: invoice.id } : {}),
  });
}

/**
 * Queues the refund notice to the buyer's PEC in the refund's transaction `tx`, with the credit
 * note's courtesy PDF attached when it is sent (as the purchase confirmation carries the
 * invoice's).
 */
export async function enqueueRefundConfirmation(
  tx: DbExecutor,
  context: MailContext,
  refund: {
    userId: string;
    contractId: string;
    title: string;
    totalCents: number;
    creditNote: { id: string; number: string; date: string } | null;
  },
): Promise<void> {
  const [buyer] = await tx
    .select({ name: users.name, surname: users.surname, pec: users.pec })
    .from(users)
    .where(eq(users.id, refund.userId));
  if (!buyer) throw new Error(`no user ${refund.userId} for the refund mail`);
  const { creditNote } = refund;
  await enqueueMail(tx, {
    to: buyer.pec,
    ...refundConfirmationMail(context, {
      name: buyer.name,
      surname: buyer.surname,
      title: refund.title,
      contractId: refund.contractId,
      total: formatEuro(refund.totalCents),
      creditNote: creditNote
        ? { number: creditNote.number, date: formatShortDate(creditNote.date) }
        : null,
    }),
    ...(creditNote ? { attachInvoiceId: creditNote.id } : {}),
  });
}
