import { accessSync, constants } from 'node:fs';
import { chmod, mkdir, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { it } from '@lexpath/shared';
import { AppError } from '../lib/app-error.ts';
import { LruCache } from '../lib/lru-cache.ts';
import { stripExternalContent } from './external-content.ts';
import { ListenerFailure, OfficeListener, PIPE_DIR, pipeFilesOf } from './office-listener.ts';
import { pdfToPageImages } from './page-images.ts';
import type { PreviewStore } from './preview-store.ts';

/**
 * What a conversion produces: `text`, LibreOffice's PDF as it is; `page-images`, the protected
 * preview (every page a picture, no text layer; needs Poppler's `pdftoppm`); `pdf-a`, a PDF/A-2b
 * for the bought document, ready for a digital signature.
 */
export type PdfOutput = 'text' | 'page-images' | 'pdf-a';

export type PdfPoolConfig = {
  /** SOFFICE_PATH; else `soffice` on the PATH; without one the pool answers 503. */
  sofficePath?: string;
  /**
   * Poppler's `pdftoppm` (Debian `poppler-utils`), else the one on the PATH; without it a
   * `page-images` conversion answers 503 (never a PDF with its text).
   */
  pdftoppmPath?: string;
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
  /**
   * Where converted previews are kept beyond the memory cache (the server's is
   * `$DATA_DIR/previews`): a preview survives a restart and one too large for memory is read
   * back instead of converted again. Without it only the memory cache holds them.
   */
  store?: PreviewStore;
  /**
   * Where the listeners' profiles and temporary files live (the server passes
   * `$DATA_DIR/pdf-pool`); what a killed server left there is removed when the pool starts.
   */
  workDir?: string;
  /** Delay before a listener that died is started again (doubled after each failed start). */
  restartDelayMs?: number;
  logger?: { warn(details: object, message: string): void };
  /** Told of every conversion LibreOffice finished or gave up on (the metrics). */
  onConversion?: (result: PdfConversionResult) => void;
  /**
   * Strips what LibreOffice must not see (external references, review comments) before a
   * document waits for a listener: the server passes the document workers' `strip`, so the
   * parse never runs on the main thread; in process when omitted.
   */
  prepare?: (docx: Buffer) => Promise<Buffer>;
};

/** One conversion: its time in LibreOffice, and for a failure the kind of failure only. */
export type PdfConversionResult = {
  output: 'pdf' | 'pdf-a';
  seconds: number;
} & ({ ok: true } | { ok: false; reason: string });

export type PdfPoolStatus = {
  available: boolean;
  listeners: { pid: number | undefined; busy: boolean; alive: boolean }[];
  queued: number;
  cached: number;
};

/** A place in the queue, held while the caller reads and renders the document. */
export type PdfReservation = {
  /** Converts in the reserved place (once); the place is released when it settles. */
  convert(docx: Buffer, cacheKey?: string): Promise<Buffer>;
  /** Gives the place back when the caller will not convert (harmless after `convert`). */
  release(): void;
};

/**
 * `interactive` (the default): someone waits for it (a preview, a download). `background`:
 * nobody waits at a screen yet (a courtesy PDF for a mail, the PDF/A of a document just bought):
 * it converts after every interactive job queued, and waits in places of its own, so it never
 * makes an interactive one 503. An interactive request for the same key joins it and moves it
 * up among the interactive jobs.
 */
export type PdfPriority = 'interactive' | 'background';

export type PdfPool = {
  /**
   * The PDF of a rendered .docx; `cacheKey` (see `previewCacheKey`) makes repeats free. Each
   * output is cached apart: the same key never answers a text PDF for a `page-images` request.
   */
  convertDocxToPdf(
    docx: Buffer,
    cacheKey?: string,
    output?: PdfOutput,
    priority?: PdfPriority,
  ): Promise<Buffer>;
  /** The PDF cached or being converted under `cacheKey`, without converting anything. */
  peek(cacheKey: string, output?: PdfOutput): Promise<Buffer> | undefined;
  /**
   * Claims a place before the caller does the work of producing the .docx: throws
   * PdfPoolBusyError (503) at once when the queue is full, so a burst is refused cheaply. The
   * place converts to `output` (default `text`).
   */
  reserve(output?: PdfOutput): PdfReservation;
  /**
   * Converts ahead of time, at the lowest priority (issue 13: the preview made while the lawyer
   * reads the summary). Starts only when a listener is idle and `cacheKey` is neither cached nor
   * converting; takes no place from the queue callers reserve, and any job they queue goes
   * ahead of it. `produce` makes the .docx once the work is taken. Never rejects: resolves
   * `false` when skipped or failed (logged; nothing is cached, so the next request converts on
   * demand), `true` once the result is cached. Meanwhile `peek` answers the conversion itself.
   */
  prefetch(cacheKey: string, output: PdfOutput, produce: () => Promise<Buffer>): Promise<boolean>;
  /**
   * Starts `listeners` listeners (all by default) now rather than at the first conversion (the
   * server does not: its first listener starts with the first preview made ahead of time). The
   * others start when that many conversions first run at once (~200 MB each that an idle server
   * does not hold).
   */
  warmUp(listeners?: number): Promise<void>;
  status(): PdfPoolStatus;
  close(): Promise<void>;
};

/**
 * 503 with a hint for the route's Retry-After header. A full queue is expected under load: the
 * error plugin logs it as a warning (`logLevel`), not as a failure with its stack.
 */
export class PdfPoolBusyError extends AppError {
  readonly logLevel = 'warn';

  constructor(readonly retryAfterSeconds: number) {
    super('unavailable', it.documents.previewBusy);
  }
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `configured` when executable (a wrong one is not second-guessed), else `name` on the PATH. */
export function findExecutable(
  name: string,
  configured: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  if (configured) return isExecutable(configured) ? configured : undefined;
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir && isExecutable(candidate)) return candidate;
  }
  return undefined;
}

export function findSoffice(configured: string | undefined): string | undefined {
  return findExecutable('soffice', configured);
}

/** Where a conversion's result is cached: one entry per key and output. */
function cacheSlot(cacheKey: string, output: PdfOutput): string {
  return `${output}:${cacheKey}`;
}

/** A stored preview that could not be read back (corrupt, removed): converted again. */
class StoredPreviewMissing extends Error {}

type Job = {
  docx: Buffer;
  pdfA: boolean;
  attempts: number;
  /** Ahead of time (`prefetch`) or at `background` priority: every other job goes first. */
  background: boolean;
  /** The cache slot it converts for, when it has a key: a caller asking for it promotes it. */
  slot?: string;
  resolve: (pdf: Buffer) => void;
  reject: (error: unknown) => void;
};

type Slot = {
  index: number;
  listener?: OfficeListener;
  starting?: Promise<OfficeListener>;
  busy: boolean;
  /** Failed starts in a row, for the restart backoff. */
  failures: number;
  restartTimer?: NodeJS.Timeout;
};

let poolSerial = 0;

/** The folder every pool of this process works in: `<root>/<pid>-<serial>`. */
const POOL_FOLDER = /^(\d+)-\d+$/;
/** Pipe names carry the server's pid, so a later server can tell a dead one's leftovers. */
const PIPE_PREFIX = 'lexpath_';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes what pools of servers no longer running left behind (a server killed mid-conversion
 * cannot clean up): their folders under `root`, the single-instance pipes derived from their
 * profiles, and their named pipes in /tmp.
 */
async function removeLeftovers(root: string): Promise<void> {
  const folders = await readdir(root).catch(() => [] as string[]);
  for (const folder of folders) {
    const owner = POOL_FOLDER.exec(folder)?.[1];
    if (!owner || isRunning(Number(owner))) continue;
    const dir = path.join(root, folder);
    const listeners = await readdir(dir).catch(() => [] as string[]);
    for (const listener of listeners) {
      for (const pipe of pipeFilesOf(path.join(dir, listener))) await rm(pipe, { force: true });
    }
    await rm(dir, { recursive: true, force: true });
  }
  const uid = os.userInfo().uid;
  const pipeOwner = new RegExp(`^OSL_PIPE_${uid}_${PIPE_PREFIX}(\\d+)_`);
  for (const name of await readdir(PIPE_DIR).catch(() => [] as string[])) {
    const owner = pipeOwner.exec(name)?.[1];
    if (owner && !isRunning(Number(owner))) await rm(path.join(PIPE_DIR, name), { force: true });
  }
}

/**
 * What LibreOffice gets: the document without external references (defence in depth: uploads
 * are stripped already, but a file stored before that was not) and without review comments,
 * which must not reach the lawyer and which abort the listener (libreoffice-writer-nogui ships
 * no Writer UI definitions, and Writer's comment margin is built from them: NoSuchElement,
 * abort).
 */
async function stripInProcess(docx: Buffer): Promise<Buffer> {
  return stripExternalContent(docx, { withoutComments: true }).bytes;
}

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
  const pdftoppmPath = findExecutable('pdftoppm', config.pdftoppmPath);
  if (sofficePath && !pdftoppmPath) {
    config.logger?.warn(
      { pdftoppmPath: config.pdftoppmPath ?? null },
      'Poppler (pdftoppm) not found: PDF previews answer 503',
    );
  }
  const size = Math.max(1, config.size ?? 1);
  const queueLimit = config.queueLimit ?? size * 8;
  const timeoutMs = config.timeoutMs ?? 30_000;
  const prepare = config.prepare ?? stripInProcess;
  const pythonPath =
    config.pythonPath ?? (isExecutable('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
  const cache = new LruCache<string, Buffer>(
    config.cacheEntries ?? 64,
    config.cacheBytes ?? 64 * 1024 * 1024,
    (pdf) => pdf.length,
  );
  const inFlight = new Map<string, Promise<Buffer>>();
  const store = config.store;
  /** Writes to the store still running: closing waits for them. */
  const storing = new Set<Promise<void>>();
  const slots: Slot[] = Array.from({ length: size }, (_, index) => ({
    index,
    busy: false,
    failures: 0,
  }));
  const queue: Job[] = [];
  const serial = ++poolSerial;
  const restartDelayMs = config.restartDelayMs ?? 200;
  const root = config.workDir ?? path.join(os.tmpdir(), 'lexpath-pdf');
  let generation = 0;
  let workRoot: Promise<string> | undefined;
  let closed = false;
  /** Conversions converting now, queued, or reserved by a caller still rendering. */
  let running = 0;
  let reserved = 0;
  /**
   * Background conversions (ahead of time, or at `background` priority) converting or queued,
   * counted apart: they never make a caller's reservation fail. Bounded as the callers' are.
   */
  let background = 0;

  const rootDir = () => {
    workRoot ??= (async () => {
      // 0755: LibreOffice must be able to traverse it whatever user it ends up running as.
      await mkdir(root, { recursive: true, mode: 0o755 });
      await removeLeftovers(root);
      const dir = path.join(root, `${process.pid}-${serial}`);
      await mkdir(dir, { recursive: true });
      await chmod(dir, 0o755);
      return dir;
    })();
    return workRoot;
  };

  /**
   * A listener that dies (crashed, killed, replaced after a hang) is started again at once,
   * not at the next preview: the pool stays at its size and a burst never pays a cold start.
   */
  const scheduleRestart = (slot: Slot) => {
    if (closed || slot.restartTimer || slot.starting) return;
    const delay = Math.min(30_000, restartDelayMs * 2 ** slot.failures);
    slot.restartTimer = setTimeout(() => {
      slot.restartTimer = undefined;
      if (closed || slot.listener?.alive) return;
      startListener(slot).catch((error: unknown) => {
        config.logger?.warn({ err: error }, 'LibreOffice listener did not restart');
      });
    }, delay);
    slot.restartTimer.unref();
  };

  const startListener = (slot: Slot): Promise<OfficeListener> => {
    // A listener still starting is not ready: its first reply is the bridge's "ready".
    if (slot.starting) return slot.starting;
    if (slot.listener?.alive) return Promise.resolve(slot.listener);
    slot.starting = (async () => {
      slot.listener?.kill();
      generation += 1;
      let ready = false;
      const workDir = path.join(await rootDir(), `listener-${slot.index}`);
      if (closed) throw new ListenerFailure('crashed', 'pool closed');
      const listener: OfficeListener = new OfficeListener({
        sofficePath: sofficePath as string,
        pythonPath,
        workDir,
        pipeName: `${PIPE_PREFIX}${process.pid}_${serial}_${slot.index}_${generation}`,
        startTimeoutMs: config.startTimeoutMs ?? 60_000,
        onExit: () => {
          // Only the slot's current listener, once it had started: a failed start is retried
          // by its caller, with the backoff below.
          if (ready && slot.listener === listener) scheduleRestart(slot);
        },
      });
      slot.listener = listener;
      try {
        await listener.start();
      } catch (error) {
        slot.failures += 1;
        throw error;
      }
      ready = true;
      slot.failures = 0;
      if (closed) listener.kill();
      return listener;
    })().finally(() => {
      slot.starting = undefined;
    });
    slot.starting.catch(() => {
      if (slot.failures > 0) scheduleRestart(slot);
    });
    return slot.starting;
  };

  const run = async (slot: Slot, job: Job) => {
    const output = job.pdfA ? 'pdf-a' : 'pdf';
    let started: number | undefined;
    try {
      const listener = await startListener(slot);
      started = performance.now();
      const pdf = await listener.convert(job.docx, timeoutMs, { pdfA: job.pdfA });
      config.onConversion?.({ output, seconds: (performance.now() - started) / 1000, ok: true });
      job.resolve(pdf);
    } catch (error) {
      const kind = error instanceof ListenerFailure ? error.kind : 'crashed';
      config.onConversion?.({
        output,
        seconds: started === undefined ? 0 : (performance.now() - started) / 1000,
        ok: false,
        reason: kind,
      });
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

  /** Slots a caller waits for: their background job, queued now or later, goes as a caller's. */
  const wanted = new Set<string>();

  /** Callers' jobs go ahead of every job converting ahead of time, in order among themselves. */
  const enqueue = (job: Job) => {
    if (job.background && job.slot && wanted.has(job.slot)) job.background = false;
    const firstBackground = job.background ? -1 : queue.findIndex((queued) => queued.background);
    if (firstBackground === -1) queue.push(job);
    else queue.splice(firstBackground, 0, job);
    dispatch();
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

  /** Claims a place: one per listener converting plus `queueLimit` waiting. */
  const claim = (output: PdfOutput) => {
    if (!sofficePath || closed) throw new AppError('unavailable', it.documents.previewUnavailable);
    if (output === 'page-images' && !pdftoppmPath) {
      throw new AppError('unavailable', it.documents.previewUnavailable);
    }
    const outstanding = running + reserved;
    if (outstanding >= size + queueLimit) {
      // About one second per waiting conversion and listener: a hint, not a promise.
      throw new PdfPoolBusyError(Math.max(1, Math.ceil((outstanding - size + 1) / size)));
    }
    reserved += 1;
  };

  /** What LibreOffice may read of a document, prepared before it waits for a listener. */
  const forConversion = async (docx: Buffer) => {
    try {
      return await prepare(docx);
    } catch (error) {
      // A worker's time or memory limit answers for itself.
      if (error instanceof AppError) throw error;
      // Not a zip PizZip reads: what it holds cannot be checked, so LibreOffice never sees it.
      throw new AppError('unavailable', it.documents.previewFailed, { cause: error });
    }
  };

  /** The listener's PDF as `output` wants it; pictures of its pages off the main thread. */
  const finish = async (pdf: Buffer, output: PdfOutput) => {
    if (output !== 'page-images') return pdf;
    try {
      return await pdfToPageImages(pdf, {
        pdftoppmPath: pdftoppmPath as string,
        workRoot: await rootDir(),
        timeoutMs,
      });
    } catch (error) {
      config.logger?.warn({ err: error }, 'PDF page images failed');
      throw new AppError('unavailable', it.documents.previewFailed, { cause: error });
    }
  };

  /**
   * Turns a claimed place into a queued job. The place is held until the result is ready,
   * pictures of the pages included, so a burst is bounded by the queue whatever the output.
   * A background job's place is one of `background`'s, claimed by claimBackground.
   */
  const enqueueClaimed = async (
    docx: Buffer,
    output: PdfOutput,
    priority: PdfPriority,
    slot?: string,
  ) => {
    const inBackground = priority === 'background';
    if (!inBackground) {
      reserved -= 1;
      running += 1;
    }
    try {
      const prepared = await forConversion(docx);
      const pdf = await new Promise<Buffer>((resolve, reject) => {
        enqueue({
          docx: prepared,
          pdfA: output === 'pdf-a',
          attempts: 1,
          background: inBackground,
          ...(slot ? { slot } : {}),
          resolve,
          reject,
        });
      });
      return await finish(pdf, output);
    } finally {
      if (inBackground) background -= 1;
      else running -= 1;
    }
  };

  /** A place for background work: as many as the callers have (one a listener + `queueLimit`). */
  const claimBackground = (output: PdfOutput) => {
    if (!sofficePath || closed) throw new AppError('unavailable', it.documents.previewUnavailable);
    if (output === 'page-images' && !pdftoppmPath) {
      throw new AppError('unavailable', it.documents.previewUnavailable);
    }
    if (background >= size + queueLimit) {
      throw new PdfPoolBusyError(Math.max(1, Math.ceil((running + background) / size)));
    }
    background += 1;
  };

  /** Claims the place `priority` converts in; gives it back when nothing is converted. */
  const claimFor = (output: PdfOutput, priority: PdfPriority) =>
    priority === 'background' ? claimBackground(output) : claim(output);
  const unclaim = (priority: PdfPriority) => {
    if (priority === 'background') background -= 1;
    else reserved -= 1;
  };

  /** Kept in memory and, written in the background, in the store. */
  const remember = (slot: string, pdf: Buffer) => {
    cache.set(slot, pdf);
    if (!store) return;
    const writing = store
      .write(slot, pdf)
      .catch((error: unknown) => {
        config.logger?.warn({ err: error }, 'Preview not stored on disk');
      })
      .finally(() => storing.delete(writing));
    storing.add(writing);
  };

  /** Converts in a claimed place, sharing and caching by key and output. */
  const convertClaimed = async (
    docx: Buffer,
    cacheKey: string | undefined,
    output: PdfOutput,
    priority: PdfPriority = 'interactive',
  ): Promise<Buffer> => {
    if (cacheKey === undefined) return enqueueClaimed(docx, output, priority);
    for (let known = peek(cacheKey, output); known; known = peek(cacheKey, output)) {
      // Joining a result under way or stored takes no place in the queue.
      unclaim(priority);
      try {
        return await known;
      } catch (error) {
        if (!(error instanceof StoredPreviewMissing)) throw error;
      }
      // The stored file proved unreadable and is gone from the store: converted, in a place.
      claimFor(output, priority);
    }
    const slot = cacheSlot(cacheKey, output);
    const shared = enqueueClaimed(docx, output, priority, slot)
      .then((pdf) => {
        remember(slot, pdf);
        return pdf;
      })
      .finally(() => {
        inFlight.delete(slot);
        wanted.delete(slot);
      });
    inFlight.set(slot, shared);
    return shared;
  };

  /**
   * A caller now waits for the conversion of `slot`: if it was queued in the background it
   * moves to the end of the callers' jobs; one not queued yet will be queued as theirs.
   */
  const promote = (slot: string) => {
    if (!inFlight.has(slot)) return;
    wanted.add(slot);
    const at = queue.findIndex((job) => job.slot === slot && job.background);
    if (at < 0) return;
    const [job] = queue.splice(at, 1) as [Job];
    enqueue(job);
  };

  /** The memory cache, a conversion under way, else the store (read once for all who ask). */
  const peek = (cacheKey: string, output: PdfOutput = 'text') => {
    const slot = cacheSlot(cacheKey, output);
    const cached = cache.get(slot);
    if (cached) return Promise.resolve(cached);
    const converting = inFlight.get(slot);
    if (converting || !store?.has(slot)) return converting;
    const reading = store
      .read(slot)
      .then((pdf) => {
        if (!pdf) throw new StoredPreviewMissing(slot);
        cache.set(slot, pdf);
        return pdf;
      })
      .finally(() => inFlight.delete(slot));
    inFlight.set(slot, reading);
    return reading;
  };

  const prefetch = async (
    cacheKey: string,
    output: PdfOutput,
    produce: () => Promise<Buffer>,
  ): Promise<boolean> => {
    if (!sofficePath || closed || (output === 'page-images' && !pdftoppmPath)) return false;
    if (peek(cacheKey, output)) return false;
    // Only on a listener nothing else wants: a caller's conversion never waits for one made
    // ahead of time that it could have started before.
    if (running + reserved + background >= size) return false;
    background += 1;
    const slot = cacheSlot(cacheKey, output);
    const work = (async () => {
      try {
        const prepared = await forConversion(await produce());
        const pdf = await new Promise<Buffer>((resolve, reject) => {
          // One attempt: a failure is retried by the caller who asks, not here.
          enqueue({
            docx: prepared,
            pdfA: output === 'pdf-a',
            attempts: 2,
            background: true,
            slot,
            resolve,
            reject,
          });
        });
        const result = await finish(pdf, output);
        remember(slot, result);
        return result;
      } finally {
        background -= 1;
        inFlight.delete(slot);
        wanted.delete(slot);
      }
    })();
    inFlight.set(slot, work);
    try {
      await work;
      return true;
    } catch (error) {
      if (!closed) {
        config.logger?.warn({ err: error }, 'Preview ahead of time failed: converted when asked');
      }
      return false;
    }
  };

  return {
    convertDocxToPdf(docx, cacheKey, output = 'text', priority = 'interactive') {
      const convert = () => {
        try {
          claimFor(output, priority);
        } catch (error) {
          return Promise.reject(error);
        }
        return convertClaimed(docx, cacheKey, output, priority);
      };
      const known = cacheKey === undefined ? undefined : peek(cacheKey, output);
      if (!known) return convert();
      if (priority === 'interactive' && cacheKey !== undefined) {
        promote(cacheSlot(cacheKey, output));
      }
      return known.catch((error: unknown) => {
        if (error instanceof StoredPreviewMissing) return convert();
        throw error;
      });
    },

    peek,

    prefetch,

    reserve(output = 'text') {
      claim(output);
      let held = true;
      return {
        convert(docx, cacheKey) {
          if (!held) return Promise.reject(new Error('PDF reservation already used'));
          held = false;
          if (closed) {
            reserved -= 1;
            return Promise.reject(new AppError('unavailable', it.documents.previewUnavailable));
          }
          return convertClaimed(docx, cacheKey, output);
        },
        release() {
          if (!held) return;
          held = false;
          reserved -= 1;
        },
      };
    },

    async warmUp(listeners = size) {
      if (!sofficePath || closed) return;
      await Promise.all(
        slots.slice(0, Math.max(1, listeners)).map((slot) =>
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
      for (const slot of slots) clearTimeout(slot.restartTimer);
      // Listeners still starting too: waiting for LibreOffice to come up only to stop it would
      // hold the shutdown for seconds. Their start then fails at once.
      for (const slot of slots) slot.listener?.kill();
      await Promise.all(slots.map((slot) => slot.starting?.catch(() => undefined)));
      await Promise.all(storing);
      cache.clear();
      if (workRoot) {
        const dir = await workRoot.catch(() => undefined);
        if (dir) await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
