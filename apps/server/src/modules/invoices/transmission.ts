import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TInvoiceStatus } from '@lexpath/shared/schemas/invoices';
import { and, asc, eq, isNull, notInArray } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client.ts';
import { invoices } from '../../db/schema.ts';
import { sdiFileName } from './invoice-queries.ts';

/**
 * How an invoice's XML leaves LexPath for the SDI (issue 14). The default writes the file into a
 * folder (for the accountant or an intermediary's folder sync); an accredited intermediary's
 * adapter sends it over its API and answers 'inviata', then reports the SDI's outcome later
 * through `recordTransmissionStatus` ('consegnata', or 'scartata' with the reason).
 */
export interface InvoiceTransmitter {
  /** For the logs: "directory", "<intermediary>". */
  name: string;
  /**
   * Hands one file over. Must be idempotent for the same invoice: a worker that dies after the
   * hand-over but before recording it hands the same file over again. Throws to be retried.
   * Give a network call a timeout: the worker holds the invoice's row lock (and a database
   * connection) while it runs.
   */
  transmit(file: { fileName: string; xml: string; invoiceId: string }): Promise<{
    status: TInvoiceStatus;
    reason?: string;
  }>;
}

/**
 * The default adapter: `<dataDir>/invoices/IT<PIVA>_<progressivo>.xml`, written whole or not at
 * all (a temporary name in the same folder, flushed, then renamed over), so whatever reads the
 * folder never sees half a file. The invoice is then 'pronta': ready to be sent by whoever
 * collects the folder.
 */
export function directoryTransmitter(dataDir: string): InvoiceTransmitter {
  const folder = path.join(dataDir, 'invoices');
  return {
    name: 'directory',
    async transmit({ fileName, xml }) {
      // The name comes from the invoice row; refuse anything that could leave the folder.
      if (path.basename(fileName) !== fileName || !fileName.endsWith('.xml')) {
        throw new Error(`not an SDI file name: ${fileName}`);
      }
      await mkdir(folder, { recursive: true });
      const target = path.join(folder, fileName);
      const temporary = path.join(folder, `.${fileName}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        const handle = await open(temporary, 'wx');
        try {
          await handle.writeFile(xml, 'utf8');
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      // The rename itself survives a power cut once the folder's entry is flushed too.
      const directory = await open(folder, 'r');
      try {
        await directory.sync();
      } finally {
        await directory.close();
      }
      return { status: 'pronta' };
    },
  };
}

/**
 * A later word from the intermediary (sent, delivered, refused and why): only the transmission
 * columns change; the immutability trigger refuses anything else. False for an unknown id.
 */
export async function recordTransmissionStatus(
  db: DbExecutor,
  invoiceId: string,
  status: TInvoiceStatus,
  reason?: string | null,
): Promise<boolean> {
  const updated = await db
    .update(invoices)
    .set({ status, statusReason: reason ?? null })
    .where(eq(invoices.id, invoiceId))
    .returning({ id: invoices.id });
  return updated.length > 0;
}

type Logger = {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

export type TransmissionWorkerOptions = {
  db: Database;
  transmitter: InvoiceTransmitter;
  logger: Logger;
  /** Pause between polls of the queue (a fulfilment also wakes the worker up: `kick`). */
  pollIntervalMs?: number;
  /** Wait before the next attempt at an invoice, given the failed attempts so far (from 1). */
  retryDelayMs?: (attempts: number) => number;
};

/** 5 s, 10 s, 20 s … at most 10 minutes: a full disk or an intermediary's outage heals. */
export function defaultTransmissionRetryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 10 * 60_000);
}

const DEFAULT_POLL_INTERVAL_MS = 5_000;

export type TransmissionResult = { transmitted: number; failed: number };

/** Failures this process saw, by invoice: skipped until their retry is due. */
type Backoff = Map<string, { attempts: number; dueAt: number }>;

/**
 * Transmits every invoice not yet transmitted (committed invoices only: the worker reads what
 * fulfilments committed), oldest first, one per transaction: the row is claimed `FOR UPDATE SKIP
 * LOCKED`, handed to the adapter, and marked transmitted in the same transaction, so several
 * instances never hand one invoice over twice. An adapter that throws rolls the claim back: the
 * invoice stays untransmitted and is retried after `retryDelayMs`.
 */
export async function transmitPendingInvoices(
  options: TransmissionWorkerOptions,
  backoff: Backoff = new Map(),
  shouldStop: () => boolean = () => false,
): Promise<TransmissionResult> {
  const retryDelayMs = options.retryDelayMs ?? defaultTransmissionRetryDelayMs;
  const result: TransmissionResult = { transmitted: 0, failed: 0 };
  // Invoices that failed in this drain or wait for their retry: not claimed again now.
  const skipped = new Set<string>();
  const now = Date.now();
  for (const [id, entry] of backoff) if (entry.dueAt > now) skipped.add(id);
  while (!shouldStop()) {
    const outcome = await options.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: invoices.id,
          fullNumber: invoices.fullNumber,
          seller: invoices.seller,
          progressivoInvio: invoices.progressivoInvio,
          xml: invoices.xml,
        })
        .from(invoices)
        .where(
          and(
            isNull(invoices.transmittedAt),
            skipped.size > 0 ? notInArray(invoices.id, [...skipped]) : undefined,
          ),
        )
        .orderBy(asc(invoices.createdAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return 'empty' as const;
      const fileName = sdiFileName(row);
      const about = { invoiceId: row.id, number: row.fullNumber, fileName };
      let answer: Awaited<ReturnType<InvoiceTransmitter['transmit']>>;
      try {
        answer = await options.transmitter.transmit({ fileName, xml: row.xml, invoiceId: row.id });
      } catch (error) {
        const attempts = (backoff.get(row.id)?.attempts ?? 0) + 1;
        const delayMs = retryDelayMs(attempts);
        backoff.set(row.id, { attempts, dueAt: Date.now() + delayMs });
        skipped.add(row.id);
        options.logger.error(
          { ...about, err: error, attempts, retryInMs: delayMs, via: options.transmitter.name },
          'invoice not transmitted; will retry',
        );
        return 'failed' as const;
      }
      await tx
        .update(invoices)
        .set({
          status: answer.status,
          statusReason: answer.reason ?? null,
          transmittedAt: new Date(),
        })
        .where(eq(invoices.id, row.id));
      backoff.delete(row.id);
      options.logger.info(
        { ...about, status: answer.status, via: options.transmitter.name },
        'invoice transmitted',
      );
      return 'transmitted' as const;
    });
    if (outcome === 'empty') break;
    result[outcome] += 1;
  }
  return result;
}

export type TransmissionWorker = {
  /** Look at the queue now (after a fulfilment) instead of at the next poll. */
  kick: () => void;
  /** Forget the invoice's failures and try it now (an admin's «Riprova la trasmissione»). */
  retry: (invoiceId: string) => void;
  /** Finishes the invoice being transmitted (if any), then stops polling. */
  stop: () => Promise<void>;
};

/**
 * Polls the untransmitted invoices and hands them to the adapter, until stopped. A failed poll
 * (database down) is logged and retried at the next tick; the worker itself never throws.
 */
export function startTransmissionWorker(options: TransmissionWorkerOptions): TransmissionWorker {
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const backoff: Backoff = new Map();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const tick = async () => {
    try {
      await transmitPendingInvoices(options, backoff, () => stopped);
    } catch (error) {
      options.logger.error({ err: error }, 'invoice transmission poll failed');
    }
  };
  const run = () => {
    clearTimeout(timer);
    if (stopped) return;
    // A kick during a drain drains once more afterwards: the new invoice may have committed
    // after the drain's last look.
    if (running) {
      again = true;
      return;
    }
    running = tick().finally(() => {
      running = undefined;
      if (stopped) return;
      if (again) {
        again = false;
        run();
      } else {
        timer = setTimeout(run, pollIntervalMs);
      }
    });
  };
  run();

  return {
    kick: run,
    retry: (invoiceId) => {
      backoff.delete(invoiceId);
      run();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      while (running) await running;
    },
  };
}
