import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { italianDate, italianEuro } from '../invoices/courtesy-copy.ts';
import { enqueueMail } from '../mail/mail.outbox.ts';
import { type MailContext, purchaseConfirmationMail } from '../mail/mail.templates.ts';

/**
 * Queues the purchase confirmation to the buyer's PEC in the fulfilment's transaction `tx`: it
 * exists if and only if the payment commits. With an invoice, the outbox row names it and the
 * worker attaches its courtesy PDF when it sends the mail (LibreOffice never runs inside the
 * payment's transaction).
 */
export async function enqueuePurchaseConfirmation(
  tx: DbExecutor,
  context: MailContext,
  purchase: {
    userId: string;
    contractId: string;
    title: string;
    totalCents: number;
    invoice: { id: string; fullNumber: string; issuedOn: string } | null;
  },
): Promise<void> {
  const [buyer] = await tx
    .select({ name: users.name, surname: users.surname, pec: users.pec })
    .from(users)
    .where(eq(users.id, purchase.userId));
  if (!buyer) throw new Error(`no user ${purchase.userId} for the purchase mail`);
  const { invoice } = purchase;
  await enqueueMail(tx, {
    to: buyer.pec,
    ...purchaseConfirmationMail(context, {
      name: buyer.name,
      surname: buyer.surname,
      title: purchase.title,
      contractId: purchase.contractId,
      total: italianEuro(purchase.totalCents),
      invoice: invoice ? { number: invoice.fullNumber, date: italianDate(invoice.issuedOn) } : null,
    }),
    ...(invoice ? { attachInvoiceId: invoice.id } : {}),
  });
}
