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
  /** Tasks that may wait for a thread; more are refused with 503. */
  queueLimit?: number;
  logger?: { warn(details: object, message: string): void };
};

/**
 * What the services need: `lintTemplate` and `renderDocx` with the same results, wherever they
 * run (the pool's threads, each keeping its own cache of loaded templates).
 */
export type DocumentWork = {
  lint(input: LintInput): Promise<LintResult>;
  render(template: Buffer, answers: TemplateAnswers, options?: RenderOptions): Promise<Buffer>;
  /** `stripExternalContent`: parses the whole package, so it runs off the main thread too. */
  strip(docx: Buffer, options?: StripOptions): Promise<StrippedDocx>;
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
  close(): Promise<void>;
};

const DEFAULTS = {
  minThreads: 1,
  maxThreads: 2,
  taskTimeoutMs: 10_000,
  maxHeapMb: 512,
  queueLimit: 64,
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

  // piscina's own `maxQueue` does not count tasks that carry an AbortSignal, as these all do.
  const capacity = settings.maxThreads + settings.queueLimit;
  let inFlight = 0;

  async function run(task: DocumentTask): Promise<unknown> {
    if (inFlight >= capacity) throw new AppError('unavailable', it.documents.processingBusy);
    inFlight += 1;
    const controller = new AbortController();
    // The clock starts when a thread picks the task up: a queued task is not the one to blame.
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
      inFlight -= 1;
      clearTimeout(timer);
      port1.close();
    }
  }

  return {
    async lint(input) {
      return (await run({ kind: 'lint', input })) as LintResult;
    },
    async render(template, answers, renderOptions = {}) {
      const bytes = (await run({
        kind: 'render',
        template,
        answers,
        cacheKey: renderOptions.cacheKey,
        questions: renderOptions.questions,
        now: renderOptions.now,
        changes: renderOptions.changes,
        uncompressed: renderOptions.uncompressed,
      })) as Uint8Array;
      // The clone arrives as a plain Uint8Array; a Buffer over the same memory, no copy.
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    async strip(docx, stripOptions = {}) {
      const stripped = (await run({ kind: 'strip', docx, options: stripOptions })) as StrippedDocx;
      const bytes = stripped.bytes as Uint8Array;
      return { ...stripped, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
    },
    async countBlanks(docx) {
      return (await run({ kind: 'countBlanks', docx })) as number;
    },
    async inspectBlanks(docx) {
      return (await run({ kind: 'inspectBlanks', docx })) as InspectedBlank[];
    },
    async convertBlanks(docx, choices) {
      const converted = (await run({ kind: 'convertBlanks', docx, choices })) as ConvertedMaster;
      const bytes = converted.master as Uint8Array;
      return {
        ...converted,
        master: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      };
    },
    async warmUp() {
      await run({ kind: 'warmUp' });
    },
    async close() {
      await piscina.close();
    },
  };
}
