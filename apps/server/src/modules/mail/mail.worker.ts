import type { DbExecutor } from '../../db/client.ts';
import {
  type ClaimedMail,
  claimDueMails,
  type MailAttachment,
  markMailFailed,
  markMailSent,
  rescheduleMail,
} from './mail.outbox.ts';
import type { MailLogger, MailTransport } from './mail.transport.ts';

export type OutboxWorkerOptions = {
  db: DbExecutor;
  transport: MailTransport;
  logger: MailLogger;
  /**
   * Mails being sent at once. Each is claimed when a slot frees, so its lease starts with its
   * send, and a mail stuck on a hung server holds one slot while the others keep flowing.
   */
  concurrency?: number;
  /** Attempts before a mail is given up as 'failed'. */
  maxAttempts?: number;
  /** Wait before the next attempt, given the attempts made so far (1 after the first). */
  retryDelayMs?: (attempts: number) => number;
  /** How long a claim holds; a mail whose worker died is sent again after it. */
  leaseMs?: number;
  /** Pause between polls of the queue. */
  pollIntervalMs?: number;
  /**
   * The courtesy PDF of an invoice, for a mail with `attach_invoice_id` (the purchase
   * confirmation). Rendered at send time; when it fails (LibreOffice down) the mail is not
   * sent without it but retried like a refused send.
   */
  invoiceAttachment?: (invoiceId: string) => Promise<{ fileName: string; pdf: Buffer }>;
};

export type DrainResult = { sent: number; retried: number; failed: number };

const RETRY_BASE_MS = 30_000;
const RETRY_CAP_MS = 60 * 60_000;

/**
 * 30 s, 1, 2, 4 … minutes, at most an hour: with the default 12 attempts a mail survives about
 * five hours of provider outage before it is given up.
 */
export function defaultRetryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_CAP_MS);
}

const DEFAULTS = {
  concurrency: 4,
  maxAttempts: 12,
  retryDelayMs: defaultRetryDelayMs,
  leaseMs: 5 * 60_000,
  pollIntervalMs: 2_000,
};

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return (typeof code === 'string' ? `${code}: ${error.message}` : error.message).slice(0, 1000);
  }
  return String(error).slice(0, 1000);
}

type WorkerSettings = Required<Omit<OutboxWorkerOptions, 'invoiceAttachment'>> &
  Pick<OutboxWorkerOptions, 'invoiceAttachment'>;

async function attachmentsOf(
  settings: WorkerSettings,
  mail: ClaimedMail,
): Promise<MailAttachment[]> {
  if (!mail.attachInvoiceId) return [];
  if (!settings.invoiceAttachment) {
    throw new Error('no courtesy copy renderer: the invoice cannot be attached');
  }
  const { fileName, pdf } = await settings.invoiceAttachment(mail.attachInvoiceId);
  return [{ filename: fileName, content: pdf, contentType: 'application/pdf' }];
}

async function deliver(
  options: WorkerSettings,
  mail: ClaimedMail,
  result: DrainResult,
): Promise<void> {
  const { db, transport, logger, maxAttempts } = options;
  // No recipient: a PEC is personal data; the mail id finds it in the outbox.
  const about = { mailId: mail.id, subject: mail.subject, attempts: mail.attempts };

  // Only reachable when earlier claims never reported back (the worker kept dying on it).
  if (mail.attempts > maxAttempts) {
    await markMailFailed(db, mail, 'abandoned: no attempt ever finished');
    result.failed += 1;
    logger.error(about, 'mail given up: its sending never finished');
    return;
  }

  try {
    await transport.send({ ...mail, attachments: await attachmentsOf(options, mail) });
  } catch (sendError) {
    const error = describeError(sendError);
    if (mail.attempts >= maxAttempts) {
      await markMailFailed(db, mail, error);
      result.failed += 1;
      // `err`, not the text stored in the outbox: the log serializer scrubs the addresses an
      // SMTP refusal quotes.
      logger.error({ ...about, err: sendError }, 'mail given up after the last attempt');
    } else {
      const delayMs = options.retryDelayMs(mail.attempts);
      await rescheduleMail(db, mail, { error, delayMs });
      result.retried += 1;
      logger.warn({ ...about, err: sendError, retryInMs: delayMs }, 'mail not sent; will retry');
    }
    return;
  }

  if (await markMailSent(db, mail)) {
    result.sent += 1;
    logger.info({ ...about, via: transport.kind }, 'mail sent');
  } else {
    // The lease ran out during the send and another worker took the mail over.
    logger.warn(about, 'mail sent after its claim expired; another attempt may repeat it');
  }
}

/**
 * Sends every mail that is due now, up to `concurrency` at a time, claiming more as sends
 * finish until none is left, and returns what happened. The worker calls it on every poll;
 * tests call it to send at a chosen moment. Once `shouldStop` says so nothing more is claimed,
 * and the mails being sent finish (each within the transport's timeouts).
 */
export async function drainOutboxOnce(
  options: OutboxWorkerOptions,
  shouldStop: () => boolean = () => false,
): Promise<DrainResult> {
  const settings = {
    ...options,
    concurrency: Math.max(1, options.concurrency ?? DEFAULTS.concurrency),
    maxAttempts: options.maxAttempts ?? DEFAULTS.maxAttempts,
    retryDelayMs: options.retryDelayMs ?? DEFAULTS.retryDelayMs,
    leaseMs: options.leaseMs ?? DEFAULTS.leaseMs,
    pollIntervalMs: options.pollIntervalMs ?? DEFAULTS.pollIntervalMs,
  };
  const result: DrainResult = { sent: 0, retried: 0, failed: 0 };
  const sending = new Set<Promise<void>>();
  // A database error (claiming, or recording a result) ends the drain once the sends running
  // have finished, so that stopping the worker still waits for all of them.
  let failure: { error: unknown } | undefined;
  // Sends that have finished: one that finishes while a claim runs may have put its mail back
  // as due (a retry without delay), which that claim could not see.
  let finished = 0;

  for (;;) {
    while (!failure && !shouldStop() && sending.size < settings.concurrency) {
      let claimed: ClaimedMail[];
      const finishedBefore = finished;
      try {
        claimed = await claimDueMails(settings.db, {
          limit: settings.concurrency - sending.size,
          leaseMs: settings.leaseMs,
        });
      } catch (error) {
        failure = { error };
        break;
      }
      if (claimed.length === 0) {
        if (finished !== finishedBefore) continue;
        break;
      }
      for (const mail of claimed) {
        const send: Promise<void> = deliver(settings, mail, result)
          .catch((error: unknown) => {
            failure ??= { error };
          })
          .finally(() => {
            sending.delete(send);
            finished += 1;
          });
        sending.add(send);
      }
    }
    if (sending.size === 0) break;
    // A mail that falls due while a slow send runs is claimed at the next poll at the latest.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      ...sending,
      new Promise((resolve) => {
        timer = setTimeout(resolve, settings.pollIntervalMs);
      }),
    ]);
    clearTimeout(timer);
  }
  if (failure) throw failure.error;
  return result;
}

export type OutboxWorker = {
  /** Finishes the mails being sent (if any), then stops polling. */
  stop: () => Promise<void>;
};

/**
 * Polls the outbox and sends what is due, until stopped. A failed poll (database down) is
 * logged and retried at the next tick; the worker itself never throws.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULTS.pollIntervalMs;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  const tick = async () => {
    try {
      await drainOutboxOnce(options, () => stopped);
    } catch (error) {
      options.logger.error({ err: error }, 'outbox poll failed');
    }
    if (!stopped) timer = setTimeout(schedule, pollIntervalMs);
  };
  const schedule = () => {
    current = tick();
  };
  schedule();

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await current;
      options.transport.close();
    },
  };
}
