import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import { databaseNowPlus } from '../../db/sql-time.ts';
import type { MailContent } from './mail.templates.ts';

/** A file sent with a mail (the courtesy copy of an invoice). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

/** A mail as the outbox holds it and a transport sends it. */
export type OutgoingMail = MailContent & { id: string; to: string; attachments?: MailAttachment[] };

/**
 * A mail a worker has claimed: `attempts` counts this attempt and fences the result;
 * `attachInvoiceId` names the invoice whose courtesy PDF is rendered and attached at send time.
 */
export type ClaimedMail = OutgoingMail & { attempts: number; attachInvoiceId: string | null };

/**
 * Writes a mail to the outbox. Pass the transaction of the change that causes the mail: the
 * mail exists if and only if the change commits, and the worker sends it later.
 */
export async function enqueueMail(
  executor: DbExecutor,
  mail: MailContent & { to: string; attachInvoiceId?: string },
): Promise<string> {
  const [row] = await outboxInsert(executor, mail).returning({ id: outbox.id });
  if (!row) throw new Error('outbox insert returned no row');
  return row.id;
}

/** enqueueMail's insert, not yet run: for a caller that sends it with other writes at once. */
export function outboxInsert(
  executor: DbExecutor,
  mail: MailContent & { to: string; attachInvoiceId?: string },
) {
  return executor.insert(outbox).values({
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    attachInvoiceId: mail.attachInvoiceId ?? null,
  });
}

/**
 * Claims up to `limit` due mails: pending ones whose next attempt has come, and 'sending' ones
 * whose lease ran out (their worker died mid-send). The claim moves them to 'sending', counts
 * the attempt and sets `next_attempt_at` to the end of the lease, all in one statement.
 * SKIP LOCKED lets several workers (or instances) claim side by side without waiting, and a
 * row claimed by one is invisible to the others until its lease ends, so two live workers
 * never send the same mail. The lease must outlast the slowest send (the transport's timeouts).
 */
export async function claimDueMails(
  db: DbExecutor,
  { limit, leaseMs }: { limit: number; leaseMs: number },
): Promise<ClaimedMail[]> {
  const result = await db.execute<{
    id: string;
    to_address: string;
    subject: string;
    html: string;
    text: string;
    attempts: number;
    attach_invoice_id: string | null;
  }>(sql`
    with due as (
      select id from outbox
      where status in ('pending', 'sending') and next_attempt_at <= now()
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    update outbox
    set status = 'sending',
        attempts = outbox.attempts + 1,
        next_attempt_at = ${databaseNowPlus(leaseMs)}
    from due
    where outbox.id = due.id
    returning outbox.id, outbox.to_address, outbox.subject, outbox.html, outbox.text,
              outbox.attempts, outbox.attach_invoice_id
  `);
  return result.rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    html: row.html,
    text: row.text,
    attempts: row.attempts,
    attachInvoiceId: row.attach_invoice_id,
  }));
}

/**
 * Only the claim that is still current may record a result: if the lease ran out and another
 * worker claimed the mail again, `attempts` moved on and this late update changes nothing.
 */
function stillClaimed(mail: ClaimedMail) {
  return and(
    eq(outbox.id, mail.id),
    eq(outbox.status, 'sending'),
    eq(outbox.attempts, mail.attempts),
  );
}

/**
 * True when the result was recorded (the claim was still ours). The body is dropped once sent:
 * its links carry live verify and reset tokens, which are stored only hashed everywhere else.
 * Recipient, subject and time remain as the record of what went out.
 */
export async function markMailSent(db: DbExecutor, mail: ClaimedMail): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null, html: '', text: '' })
    .where(stillClaimed(mail))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

export async function rescheduleMail(
  db: DbExecutor,
  mail: ClaimedMail,
  { error, delayMs }: { error?: string; delayMs: number },
): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({
      status: 'pending',
      ...(error === undefined ? {} : { lastError: error }),
      nextAttemptAt: databaseNowPlus(delayMs),
    })
    .where(stillClaimed(mail))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

export async function markMailFailed(
  db: DbExecutor,
  mail: ClaimedMail,
  error: string,
): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ status: 'failed', lastError: error })
    .where(stillClaimed(mail))
    .returning({ id: outbox.id });
  return rows.length > 0;
}
