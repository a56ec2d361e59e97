import { createHash } from 'node:crypto';
import type { MessagePort } from 'node:worker_threads';
import type { TBlankChoice } from '@lexpath/shared/schemas/blank-conversion';
import PizZip from 'pizzip';
import { AppError, type ErrorCode } from '../lib/app-error.ts';
import { LruCache } from '../lib/lru-cache.ts';
import { convertBlanks } from './blank-conversion.ts';
import { findBlanks } from './blank-finder.ts';
import { inspectBlanks } from './blank-proposals.ts';
import { type StripOptions, stripExternalContent } from './external-content.ts';
import { type LintInput, type LintResult, lintTemplate } from './lint.ts';
import { renderDocx } from './render.ts';
import type { RenderChange } from './render-changes.ts';
import type { TemplateAnswers, TemplateQuestion } from './typed-answers.ts';

/**
 * The work a document worker does (see `document-pool.ts`): everything that parses an untrusted
 * .docx with docxtemplater. This module runs inside the worker thread; the pool only sends it
 * structured-cloneable tasks.
 */
export type DocumentTask =
  | { kind: 'lint'; input: LintInput }
  | {
      kind: 'render';
      template: Uint8Array;
      answers: TemplateAnswers;
      cacheKey?: string;
      questions?: readonly TemplateQuestion[];
      /** The generation instant (a Date clones as a Date). */
      now?: Date;
      changes?: readonly RenderChange[];
      uncompressed?: boolean;
    }
  | { kind: 'strip'; docx: Uint8Array; options: StripOptions }
  | { kind: 'countBlanks'; docx: Uint8Array }
  | { kind: 'inspectBlanks'; docx: Uint8Array }
  | { kind: 'convertBlanks'; docx: Uint8Array; choices: TBlankChoice[] }
  | { kind: 'warmUp' };

/**
 * An AppError does not cross the thread boundary (a clone keeps message and stack, not class
 * or fields), so a task answers with its outcome and the pool rethrows it as an AppError.
 */
export type DocumentTaskOutcome =
  | { ok: true; value: unknown }
  | { ok: false; code: ErrorCode; message: string | string[] };

export type DocumentTaskMessage = {
  task: DocumentTask;
  /** Told when the task starts running, so the time limit does not count the queue. */
  started: MessagePort;
};

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A one-paragraph .docx with a tag: enough to load and JIT docxtemplater and the parser. */
function warmUpDocx(): Buffer {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>{#tipo == "A"}{nome | contiene:"x"}{/}</w:t></w:r></w:p></w:body></w:document>',
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * Lint results by their input (files' bytes and question list). docxtemplater cannot render
 * or inspect a compiled template twice (a second `render` throws; an instance is not to be
 * reused), so a lint compiles every file again; but the staff's upload and the version's save
 * lint the same files with the same questions, and the result depends on those alone (lint
 * inspects, it never evaluates, so no date enters it). Results are a few strings: bounded by
 * count only.
 */
const lintResults = new LruCache<string, LintResult>(64);
const lintCounts = { hits: 0, misses: 0 };

function lintKey(input: LintInput): string {
  const hash = createHash('sha256');
  const file = (label: string, bytes: Uint8Array | undefined) => {
    hash.update(`${label}\0${bytes ? bytes.byteLength : '-'}\0`);
    if (bytes) hash.update(bytes);
  };
  file('master', input.master);
  file('preview', input.preview);
  for (const companion of input.companions ?? []) file(companion.label, companion.bytes);
  hash.update(JSON.stringify(input.questions));
  return hash.digest('base64url');
}

/** `lintTemplate`, answered from this thread's cache when the same input was linted lately. */
export function lintCached(input: LintInput): LintResult {
  const key = lintKey(input);
  const known = lintResults.get(key);
  if (known) {
    lintCounts.hits += 1;
    // A copy: the cached result stays as lint made it, whatever a caller does with its own.
    return { errors: [...known.errors], warnings: [...known.warnings] };
  }
  lintCounts.misses += 1;
  const result = lintTemplate({
    ...input,
    master: input.master && asBuffer(input.master),
    preview: input.preview && asBuffer(input.preview),
    companions: input.companions?.map((companion) => ({
      label: companion.label,
      bytes: asBuffer(companion.bytes),
    })),
  });
  lintResults.set(key, result);
  return result;
}

/** How often this thread's lint cache answered, for tests. */
export function lintCacheCounts(): { hits: number; misses: number } {
  return { ...lintCounts };
}

function run(task: DocumentTask): unknown {
  switch (task.kind) {
    case 'lint':
      return lintCached(task.input) satisfies LintResult;
    case 'render':
      return renderDocx(asBuffer(task.template), task.answers, {
        cacheKey: task.cacheKey,
        questions: task.questions,
        now: task.now,
        changes: task.changes,
        uncompressed: task.uncompressed,
      });
    case 'strip':
      return stripExternalContent(asBuffer(task.docx), task.options);
    case 'countBlanks':
      return findBlanks(asBuffer(task.docx)).length;
    case 'inspectBlanks':
      return inspectBlanks(asBuffer(task.docx));
    case 'convertBlanks':
      return convertBlanks(asBuffer(task.docx), task.choices);
    case 'warmUp': {
      const sample = warmUpDocx();
      lintTemplate({ master: sample, questions: [] });
      return renderDocx(sample, { tipo: 'A', nome: ['x'] }).length;
    }
  }
}

/** The worker's handler (piscina calls the default export of `document-worker.mjs`). */
export function runDocumentTask({ task, started }: DocumentTaskMessage): DocumentTaskOutcome {
  started.postMessage('started');
  started.close();
  try {
    return { ok: true, value: run(task) };
  } catch (error) {
    if (error instanceof AppError) {
      return { ok: false, code: error.code, message: error.userMessage };
    }
    throw error;
  }
}
