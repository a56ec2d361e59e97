import type { DbExecutor } from '../../db/client.ts';
import {
  type ClaimedMail,
  claimDueMails,
  markMailFailed,
  markMailSent,
  rescheduleMail,
} from './mail.outbox.ts';
import type { MailLogger, MailTransport } from './mail.transport.ts';

export type OutboxWorkerOptions = {
  db: DbExecutor;
  transport: MailTransport;
  logger: MailLogger;
  /** Mails claimed per round trip. */
  batchSize?: number;
  /** Attempts before a mail is given up as 'failed'. */
  maxAttempts?: number;
  /** Wait before the next attempt, given the attempts made so far (1 after the first). */
  retryDelayMs?: (attempts: number) => number;
  /** How long a claim holds; a mail whose worker died is sent again after it. */
  leaseMs?: number;
  /** Pause between polls of the queue. */
  pollIntervalMs?: number;
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
  batchSize: 10,
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

async function deliver(
  options: Required<Omit<OutboxWorkerOptions, 'pollIntervalMs'>>,
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
    await transport.send(mail);
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
 * Sends every mail that is due now, claiming batches until none is left, and returns what
 * happened. The worker calls it on every poll; tests call it to send at a chosen moment.
 * `shouldStop` is checked between mails, so shutdown waits for one send at most.
 */
export async function drainOutboxOnce(
  options: OutboxWorkerOptions,
  shouldStop: () => boolean = () => false,
): Promise<DrainResult> {
  const settings = {
    ...options,
    batchSize: options.batchSize ?? DEFAULTS.batchSize,
    maxAttempts: options.maxAttempts ?? DEFAULTS.maxAttempts,
    retryDelayMs: options.retryDelayMs ?? DEFAULTS.retryDelayMs,
    leaseMs: options.leaseMs ?? DEFAULTS.leaseMs,
  };
  const result: DrainResult = { sent: 0, retried: 0, failed: 0 };
  while (!shouldStop()) {
    const claimed = await claimDueMails(settings.db, {
      limit: settings.batchSize,
      leaseMs: settings.leaseMs,
    });
    if (claimed.length === 0) break;
    for (const [index, mail] of claimed.entries()) {
      if (shouldStop()) {
        // Unsent claims go back to the queue now rather than after the lease.
        for (const left of claimed.slice(index)) {
          await rescheduleMail(settings.db, left, { delayMs: 0 });
        }
        return result;
      }
      await deliver(settings, mail, result);
    }
  }
  return result;
}

export type OutboxWorker = {
  /** Finishes the mail being sent (if any), then stops polling. */
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
