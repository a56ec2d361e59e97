import { createHash } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { it } from '@lexpath/shared';
import type { TAnswers } from '@lexpath/shared/schemas/questions';
import { AppError } from '../lib/app-error.ts';
import { canonicalJson } from '../lib/canonical-json.ts';
import { LruCache } from '../lib/lru-cache.ts';
import { ListenerFailure, OfficeListener } from './office-listener.ts';

export type PdfPoolConfig = {
  /** SOFFICE_PATH; else `soffice` on the PATH; without one the pool answers 503. */
  sofficePath?: string;
  /** PDF_POOL_SIZE: listeners kept warm, one conversion each at a time (~200 MB each). */
  size?: number;
  /** Conversions that may wait for a listener; more are refused with 503 and Retry-After. */
  queueLimit?: number;
  /** A conversion taking longer means a hung LibreOffice: it is replaced. */
  timeoutMs?: number;
  startTimeoutMs?: number;
  /** python3 with python3-uno: Debian's /usr/bin/python3 (another may come first on PATH). */
  pythonPath?: string;
  cacheEntries?: number;
  cacheBytes?: number;
  logger?: { warn(details: object, message: string): void };
};

export type PdfPoolStatus = {
  available: boolean;
  listeners: { pid: number | undefined; busy: boolean; alive: boolean }[];
  queued: number;
  cached: number;
};

export type PdfPool = {
  /** The PDF of a rendered .docx; `cacheKey` (see `previewCacheKey`) makes repeats free. */
  convertDocxToPdf(docx: Buffer, cacheKey?: string): Promise<Buffer>;
  /** Starts the listeners now rather than at the first preview (DESIGN §7: warm at boot). */
  warmUp(): Promise<void>;
  status(): PdfPoolStatus;
  close(): Promise<void>;
};

/** 503 with a hint for the route's Retry-After header. */
export class PdfPoolBusyError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('unavailable', it.documents.previewBusy);
  }
}

/** Cache key of a preview: the preview file's hash and the canonical answers (DESIGN §7). */
export function previewCacheKey(previewFileHash: string, answers: TAnswers): string {
  return createHash('sha256')
    .update(previewFileHash)
    .update('\n')
    .update(canonicalJson(answers))
    .digest('hex');
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function findSoffice(configured: string | undefined): string | undefined {
  if (configured) return isExecutable(configured) ? configured : undefined;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'soffice');
    if (dir && isExecutable(candidate)) return candidate;
  }
  return undefined;
}

type Job = {
  docx: Buffer;
  attempts: number;
  resolve: (pdf: Buffer) => void;
  reject: (error: unknown) => void;
};

type Slot = {
  index: number;
  listener?: OfficeListener;
  starting?: Promise<OfficeListener>;
  busy: boolean;
};

let poolSerial = 0;

/**
 * LibreOffice kept warm (DESIGN §7): N listeners, a bounded queue, a crashed or hung listener
 * replaced and its conversion retried once, PDFs cached by key. Without `soffice` the pool still
 * exists and every conversion answers 503 with an Italian message.
 */
export function createPdfPool(config: PdfPoolConfig = {}): PdfPool {
  const sofficePath = findSoffice(config.sofficePath);
  if (!sofficePath) {
    config.logger?.warn(
      { sofficePath: config.sofficePath ?? null },
      'LibreOffice (soffice) not found: PDF previews answer 503',
    );
  }
  const size = Math.max(1, config.size ?? 1);
  const queueLimit = config.queueLimit ?? size * 8;
  const timeoutMs = config.timeoutMs ?? 30_000;
  const pythonPath =
    config.pythonPath ?? (isExecutable('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
  const cache = new LruCache<string, Buffer>(
    config.cacheEntries ?? 64,
    config.cacheBytes ?? 64 * 1024 * 1024,
    (pdf) => pdf.length,
  );
  const inFlight = new Map<string, Promise<Buffer>>();
  const slots: Slot[] = Array.from({ length: size }, (_, index) => ({ index, busy: false }));
  const queue: Job[] = [];
  const serial = ++poolSerial;
  let generation = 0;
  let workRoot: Promise<string> | undefined;
  let closed = false;

  const rootDir = () => {
    // 0755: LibreOffice must be able to traverse it whatever user it ends up running as.
    workRoot ??= mkdtemp(path.join(os.tmpdir(), 'lexpath-pdf-')).then(async (dir) => {
      await chmod(dir, 0o755);
      return dir;
    });
    return workRoot;
  };

  const startListener = (slot: Slot): Promise<OfficeListener> => {
    // A listener still starting is not ready: its first reply is the bridge's "ready".
    if (slot.starting) return slot.starting;
    if (slot.listener?.alive) return Promise.resolve(slot.listener);
    slot.starting = (async () => {
      slot.listener?.kill();
      generation += 1;
      const workDir = path.join(await rootDir(), `listener-${slot.index}`);
      if (closed) throw new ListenerFailure('crashed', 'pool closed');
      const listener = new OfficeListener({
        sofficePath: sofficePath as string,
        pythonPath,
        workDir,
        pipeName: `lexpath_${process.pid}_${serial}_${slot.index}_${generation}`,
        startTimeoutMs: config.startTimeoutMs ?? 60_000,
      });
      slot.listener = listener;
      await listener.start();
      if (closed) listener.kill();
      return listener;
    })().finally(() => {
      slot.starting = undefined;
    });
    return slot.starting;
  };

  const run = async (slot: Slot, job: Job) => {
    try {
      const listener = await startListener(slot);
      job.resolve(await listener.convert(job.docx, timeoutMs));
    } catch (error) {
      const kind = error instanceof ListenerFailure ? error.kind : 'crashed';
      // A crashed or hung LibreOffice is replaced before the next job reaches it.
      if (kind !== 'conversion') slot.listener?.kill();
      config.logger?.warn({ err: error, attempt: job.attempts }, 'PDF conversion failed');
      if (job.attempts < 2 && !closed) {
        job.attempts += 1;
        queue.unshift(job);
      } else {
        job.reject(new AppError('unavailable', it.documents.previewFailed, { cause: error }));
      }
    } finally {
      slot.busy = false;
      dispatch();
    }
  };

  const dispatch = () => {
    for (const slot of slots) {
      if (closed || queue.length === 0) return;
      if (slot.busy) continue;
      const job = queue.shift() as Job;
      slot.busy = true;
      void run(slot, job);
    }
  };

  const enqueue = (docx: Buffer) => {
    const mustWait = slots.every((slot) => slot.busy);
    if (mustWait && queue.length >= queueLimit) {
      // About one second per queued conversion and listener: a hint, not a promise.
      throw new PdfPoolBusyError(Math.max(1, Math.ceil(queue.length / size)));
    }
    const promise = new Promise<Buffer>((resolve, reject) => {
      queue.push({ docx, attempts: 1, resolve, reject });
    });
    dispatch();
    return promise;
  };

  return {
    convertDocxToPdf(docx, cacheKey) {
      if (!sofficePath || closed) {
        return Promise.reject(new AppError('unavailable', it.documents.previewUnavailable));
      }
      if (cacheKey === undefined) {
        try {
          return enqueue(docx);
        } catch (error) {
          return Promise.reject(error);
        }
      }
      const cached = cache.get(cacheKey);
      if (cached) return Promise.resolve(cached);
      const running = inFlight.get(cacheKey);
      if (running) return running;
      let conversion: Promise<Buffer>;
      try {
        conversion = enqueue(docx);
      } catch (error) {
        return Promise.reject(error);
      }
      const shared = conversion
        .then((pdf) => {
          cache.set(cacheKey, pdf);
          return pdf;
        })
        .finally(() => inFlight.delete(cacheKey));
      inFlight.set(cacheKey, shared);
      return shared;
    },

    async warmUp() {
      if (!sofficePath || closed) return;
      await Promise.all(
        slots.map((slot) =>
          startListener(slot).catch((error: unknown) => {
            config.logger?.warn({ err: error }, 'LibreOffice listener did not start');
          }),
        ),
      );
    },

    status() {
      return {
        available: Boolean(sofficePath),
        listeners: slots.map((slot) => ({
          pid: slot.listener?.pid,
          busy: slot.busy,
          alive: slot.listener?.alive ?? false,
        })),
        queued: queue.length,
        cached: cache.size,
      };
    },

    async close() {
      closed = true;
      for (const job of queue.splice(0)) {
        job.reject(new AppError('unavailable', it.documents.previewUnavailable));
      }
      // Listeners still starting too: waiting for LibreOffice to come up only to stop it would
      // hold the shutdown for seconds. Their start then fails at once.
      for (const slot of slots) slot.listener?.kill();
      await Promise.all(slots.map((slot) => slot.starting?.catch(() => undefined)));
      cache.clear();
      if (workRoot) await rm(await workRoot, { recursive: true, force: true });
    },
  };
}
