import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { it } from '@lexpath/shared';
import type { TBlankChoice } from '@lexpath/shared/schemas/blank-conversion';
import { Piscina } from 'piscina';
import { AppError } from '../lib/app-error.ts';
import { type ConvertedMaster, convertBlanks } from './blank-conversion.ts';
import { findBlanks } from './blank-finder.ts';
import { type InspectedBlank, inspectBlanks } from './blank-proposals.ts';
import type { DocumentTask, DocumentTaskMessage, DocumentTaskOutcome } from './document-tasks.ts';
import { type StripOptions, type StrippedDocx, stripExternalContent } from './external-content.ts';
import { type LintInput, type LintResult, lintTemplate } from './lint.ts';
import type { PdfOutput } from './pdf-pool.ts';
import { type RenderOptions, renderDocx } from './render.ts';
import type { TemplateAnswers } from './typed-answers.ts';

export type DocumentPoolOptions = {
  /** Threads kept warm (each loads docxtemplater once, ~40 MB); 0 starts them on demand. */
  minThreads?: number;
  /** Threads under load; the server has two cores, one of them for the event loop. */
  maxThreads?: number;
  /**
   * A task running longer is stopped: its thread is terminated and replaced. A 300-page
   * contract lints in about 1 s and renders in about 2 s (see DOCX_LIMITS).
   */
  taskTimeoutMs?: number;
  /** Old-generation heap of each thread: a document needing more kills its thread only. */
  maxHeapMb?: number;
  /** Tasks of each priority that may wait for a thread; more are refused with 503. */
  queueLimit?: number;
  /**
   * A task of a lower priority that has waited this long goes before the higher ones (oldest
   * first), so a stream of downloads never starves the previews: 3 s, already over a
   * preview's budget (DESIGN §16), by default.
   */
  agingMs?: number;
  logger?: { warn(details: object, message: string): void };
};

/**
 * `download`: what a lawyer waits for after paying (the bought .docx, and the documents its
 * PDF/A or courtesy PDF is made from). `preview`: everything else (previews, try-outs, the
 * staff's lint and blank tools). A thread that frees up takes the oldest `download` task
 * before any `preview` one, unless a `preview` one has waited `agingMs`.
 */
export type DocumentPriority = NonNullable<RenderOptions['priority']>;

/** Highest first. */
const PRIORITIES: readonly DocumentPriority[] = ['download', 'preview'];

export type DocumentPoolStatus = {
  /** Tasks waiting for a thread, by priority. */
  queued: Record<DocumentPriority, number>;
  /** Tasks running on a thread. */
  running: number;
};

/**
 * A render's priority: given, else a render stored uncompressed is a preview's (LibreOffice is
 * its only reader, see RenderOptions) and any other a download's.
 */
export function renderPriority(options: RenderOptions = {}): DocumentPriority {
  return options.priority ?? (options.uncompressed ? 'preview' : 'download');
}

/**
 * The PDF pool's `prepare` through the workers' `strip`: a preview's document waits with the
 * previews, a bought document's (its PDF/A, an invoice's courtesy PDF) with the downloads.
 */
export function stripForConversion(documents: Pick<DocumentWork, 'strip'>) {
  return async (docx: Buffer, output: PdfOutput): Promise<Buffer> => {
    const priority = output === 'page-images' ? 'preview' : 'download';
    return (await documents.strip(docx, { withoutComments: true }, priority)).bytes;
  };
}

/**
 * What the services need: `lintTemplate` and `renderDocx` with the same results, wherever they
 * run (the pool's threads, each keeping its own cache of loaded templates).
 */
export type DocumentWork = {
  lint(input: LintInput): Promise<LintResult>;
  render(template: Buffer, answers: TemplateAnswers, options?: RenderOptions): Promise<Buffer>;
  /**
   * `stripExternalContent`: parses the whole package, so it runs off the main thread too. At
   * `preview` priority unless told (the PDF pool strips a bought document at `download`).
   */
  strip(docx: Buffer, options?: StripOptions, priority?: DocumentPriority): Promise<StrippedDocx>;
  /** How many blanks of a form (`blank-finder.ts`) a master still holds. */
  countBlanks(docx: Buffer): Promise<number>;
  /** The blanks of a form with what each should become (`blank-proposals.ts`). */
  inspectBlanks(docx: Buffer): Promise<InspectedBlank[]>;
  /** `convertBlanks`: the master with the chosen blanks as tags, and their questions. */
  convertBlanks(docx: Buffer, choices: TBlankChoice[]): Promise<ConvertedMaster>;
};

/**
 * Lint and render on the calling thread, for trusted documents only: the demo templates the
 * seed inserts before the server (and its pool) exists.
 */
export const inProcessDocuments: DocumentWork = {
  lint: async (input) => lintTemplate(input),
  render: async (template, answers, options) => renderDocx(template, answers, options),
  strip: async (docx, options) => stripExternalContent(docx, options),
  countBlanks: async (docx) => findBlanks(docx).length,
  inspectBlanks: async (docx) => inspectBlanks(docx),
  convertBlanks: async (docx, choices) => convertBlanks(docx, choices),
};

export type DocumentPool = DocumentWork & {
  /** Loads docxtemplater and runs a tiny lint and render (the first one pays for the JIT). */
  warmUp(): Promise<void>;
  /** The queues' depths, for /metrics. */
  status(): DocumentPoolStatus;
  close(): Promise<void>;
};

const DEFAULTS = {
  minThreads: 1,
  maxThreads: 2,
  taskTimeoutMs: 10_000,
  maxHeapMb: 512,
  queueLimit: 64,
  agingMs: 3_000,
} satisfies DocumentPoolOptions;

const WORKER_FILE = fileURLToPath(new URL('./document-worker.mjs', import.meta.url));

/**
 * Defined by the server build (scripts/server-build.mjs), relative to this file: the tasks it
 * compiled beside the server, which the workers of the compiled server load as they are.
 * Undefined from source: the workers compile the TypeScript tasks with tsx.
 */
declare const __LEXPATH_COMPILED_TASKS__: string | undefined;
const COMPILED_TASKS =
  typeof __LEXPATH_COMPILED_TASKS__ === 'string'
    ? new URL(__LEXPATH_COMPILED_TASKS__, import.meta.url).href
    : undefined;

function errorCode(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

/**
 * Parses, lints and renders untrusted .docx files in worker threads (DESIGN §10): a document
 * that takes too long or too much memory costs its thread, which is terminated and replaced,
 * and its request gets an Italian 422; the event loop keeps answering meanwhile.
 */
export function createDocumentPool(options: DocumentPoolOptions = {}): DocumentPool {
  const settings = { ...DEFAULTS, ...options };
  const piscina = new Piscina({
    filename: WORKER_FILE,
    workerData: { tasksModule: COMPILED_TASKS },
    minThreads: Math.min(settings.minThreads, settings.maxThreads),
    maxThreads: settings.maxThreads,
    // A second thread started by a burst stays a while rather than reloading at the next one.
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: settings.maxHeapMb },
  });
  // A thread that fails outside a task (e.g. while loading) must not crash the server.
  piscina.on('error', (error: unknown) => {
    options.logger?.warn({ err: error }, 'document worker failed');
  });

  // The queues are kept here rather than in piscina, whose queue is first in, first out: it is
  // given at most one task per thread, so the choice of the next task is made when a thread
  // frees up. (piscina's `maxQueue` would not count tasks carrying an AbortSignal anyway.)
  type Waiting = { queuedAt: number; start: () => void; refuse: (error: AppError) => void };
  const queues: Record<DocumentPriority, Waiting[]> = { download: [], preview: [] };
  let running = 0;
  let closed = false;

  /** The oldest lower-priority task past `agingMs`, else the highest priority's oldest. */
  function nextWaiting(): Waiting | undefined {
    const now = performance.now();
    let aged: DocumentPriority | undefined;
    for (const priority of PRIORITIES.slice(1)) {
      const head = queues[priority][0];
      if (!head || now - head.queuedAt < settings.agingMs) continue;
      if (!aged || head.queuedAt < (queues[aged][0] as Waiting).queuedAt) aged = priority;
    }
    if (aged) return queues[aged].shift();
    for (const priority of PRIORITIES) {
      if (queues[priority].length > 0) return queues[priority].shift();
    }
    return undefined;
  }

  function dispatch(): void {
    while (running < settings.maxThreads) {
      const waiting = nextWaiting();
      if (!waiting) return;
      running += 1;
      waiting.start();
    }
  }

  /** Resolves when the task may have a thread; refused when its priority's queue is full. */
  function turn(priority: DocumentPriority): Promise<void> {
    const queue = queues[priority];
    if (closed || (running >= settings.maxThreads && queue.length >= settings.queueLimit)) {
      throw new AppError('unavailable', it.documents.processingBusy);
    }
    return new Promise((resolve, reject) => {
      queue.push({ queuedAt: performance.now(), start: resolve, refuse: reject });
      dispatch();
    });
  }

  async function run(task: DocumentTask, priority: DocumentPriority): Promise<unknown> {
    await turn(priority);
    const controller = new AbortController();
    // The clock starts when a thread picks the task up: a task waiting for a new thread to
    // load is not the one to blame.
    const { port1, port2 } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    port1.once('message', () => {
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, settings.taskTimeoutMs);
    });
    try {
      const message: DocumentTaskMessage = { task, started: port2 };
      const outcome: DocumentTaskOutcome = await piscina.run(message, {
        signal: controller.signal,
        transferList: [port2],
      });
      if (!outcome.ok) throw new AppError(outcome.code, outcome.message);
      return outcome.value;
    } catch (error) {
      if (timedOut) {
        options.logger?.warn({ kind: task.kind }, 'document task timed out; worker replaced');
        throw new AppError('unprocessable', it.documents.processingTimedOut, { cause: error });
      }
      if (errorCode(error) === 'ERR_WORKER_OUT_OF_MEMORY') {
        options.logger?.warn({ kind: task.kind }, 'document task ran out of memory');
        throw new AppError('unprocessable', it.documents.processingOutOfMemory, { cause: error });
      }
      throw error;
    } finally {
      running -= 1;
      clearTimeout(timer);
      port1.close();
      dispatch();
    }
  }

  return {
    async lint(input) {
      return (await run({ kind: 'lint', input }, 'preview')) as LintResult;
    },
    async render(template, answers, renderOptions = {}) {
      const bytes = (await run(
        {
          kind: 'render',
          template,
          answers,
          cacheKey: renderOptions.cacheKey,
          questions: renderOptions.questions,
          now: renderOptions.now,
          changes: renderOptions.changes,
          uncompressed: renderOptions.uncompressed,
        },
        renderPriority(renderOptions),
      )) as Uint8Array;
      // The clone arrives as a plain Uint8Array; a Buffer over the same memory, no copy.
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    async strip(docx, stripOptions = {}, priority = 'preview') {
      const stripped = (await run(
        { kind: 'strip', docx, options: stripOptions },
        priority,
      )) as StrippedDocx;
      const bytes = stripped.bytes as Uint8Array;
      return { ...stripped, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
    },
    async countBlanks(docx) {
      return (await run({ kind: 'countBlanks', docx }, 'preview')) as number;
    },
    async inspectBlanks(docx) {
      return (await run({ kind: 'inspectBlanks', docx }, 'preview')) as InspectedBlank[];
    },
    async convertBlanks(docx, choices) {
      const converted = (await run(
        { kind: 'convertBlanks', docx, choices },
        'preview',
      )) as ConvertedMaster;
      const bytes = converted.master as Uint8Array;
      return {
        ...converted,
        master: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      };
    },
    async warmUp() {
      await run({ kind: 'warmUp' }, 'preview');
    },
    status() {
      return {
        queued: { download: queues.download.length, preview: queues.preview.length },
        running,
      };
    },
    async close() {
      closed = true;
      // Tasks still waiting would otherwise wait for ever: no thread will take them.
      for (const priority of PRIORITIES) {
        for (const waiting of queues[priority].splice(0)) {
          waiting.refuse(new AppError('unavailable', it.documents.processingBusy));
        }
      }
      await piscina.close();
    },
  };
}
