import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { LruCache } from '../../lib/lru-cache.ts';

/*
 * The official FatturaPA 1.2.1 schema, checked inside the server before an invoice or a credit
 * note is issued: the SDI refuses a file that does not validate, and an issued document can
 * never be corrected. libxml2 compiled to WebAssembly (xmllint-wasm) runs the same check as
 * Debian's `xmllint --schema`, so the running server needs no system tool. The check runs in
 * threads kept for the server's life (fatturapa-worker.mjs), which compile the WebAssembly
 * once: the event loop only posts the strings.
 */

const SCHEMA_FILE = 'Schema_del_file_xml_FatturaPA_versione_1.2.1a.xsd';
const SIGNATURE_FILE = 'xmldsig-core-schema.xsd';
const WORKER_FILE = fileURLToPath(new URL('./fatturapa-worker.mjs', import.meta.url));
/** A run taking longer means a stuck thread: it is replaced and its documents get no verdict. */
const RUN_TIMEOUT_MS = 60_000;

function schemaText(name: string): string {
  return readFileSync(fileURLToPath(new URL(`./schema/${name}`, import.meta.url)), 'utf8');
}

type XmllintRun = { exitCode: number; stderr: string };

/** One thread and the run it is doing; a thread does one run at a time. */
type Checker = {
  worker: Worker;
  run(xmls: { fileName: string; contents: string }[]): Promise<XmllintRun>;
};

let serial = 0;

/**
 * A checker thread, handed the schema (about 200 KB) once. A thread that fails (out of memory,
 * an abort, a timeout) rejects its run and is not used again.
 */
function startChecker(onGone: (checker: Checker) => void): Checker {
  const worker = new Worker(WORKER_FILE, {
    workerData: {
      schemaFiles: [
        { fileName: SCHEMA_FILE, contents: schemaText(SCHEMA_FILE) },
        // The schema imports the signature schema by this relative name.
        { fileName: SIGNATURE_FILE, contents: schemaText(SIGNATURE_FILE) },
      ],
      schemaArgs: ['--schema', SCHEMA_FILE],
    },
  });
  // An idle checker never keeps the process alive.
  worker.unref();
  let pending: { id: number; resolve(run: XmllintRun): void; reject(error: Error): void } | null =
    null;
  const fail = (error: Error) => {
    const run = pending;
    pending = null;
    onGone(checker);
    void worker.terminate();
    run?.reject(error);
  };
  worker.on('message', (message: { kind?: string; id?: number } & Partial<XmllintRun>) => {
    if (message.kind !== 'verdict' || !pending || message.id !== pending.id) return;
    const run = pending;
    pending = null;
    worker.unref();
    run.resolve({ exitCode: message.exitCode ?? -1, stderr: message.stderr ?? '' });
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the FatturaPA checker thread exited (${code})`)));
  const checker: Checker = {
    worker,
    run(xmls) {
      if (pending) return Promise.reject(new Error('the FatturaPA checker is busy'));
      const id = ++serial;
      return new Promise<XmllintRun>((resolve, reject) => {
        const timer = setTimeout(
          () => fail(new Error(`the FatturaPA check took over ${RUN_TIMEOUT_MS} ms`)),
          RUN_TIMEOUT_MS,
        );
        timer.unref();
        pending = {
          id,
          resolve: (run) => {
            clearTimeout(timer);
            resolve(run);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        // A run under way keeps the process alive until its verdict.
        worker.ref();
        worker.postMessage({ kind: 'validate', id, xmls });
      });
    },
  };
  return checker;
}

/** Checkers not running: the batches below take one each. */
const idleCheckers: Checker[] = [];
const liveCheckers = new Set<Checker>();
/**
 * A checker idle this long is stopped: its thread holds some 30 MB that a server selling
 * nothing for a while need not keep. The next check starts one again (tens of ms).
 */
const IDLE_STOP_MS = 120_000;
const idleTimers = new Map<Checker, NodeJS.Timeout>();

function retire(checker: Checker): void {
  clearTimeout(idleTimers.get(checker));
  idleTimers.delete(checker);
  liveCheckers.delete(checker);
  const at = idleCheckers.indexOf(checker);
  if (at >= 0) idleCheckers.splice(at, 1);
}

async function withChecker<T>(work: (checker: Checker) => Promise<T>): Promise<T> {
  const checker = idleCheckers.pop() ?? startChecker(retire);
  clearTimeout(idleTimers.get(checker));
  liveCheckers.add(checker);
  try {
    return await work(checker);
  } finally {
    if (liveCheckers.has(checker)) {
      idleCheckers.push(checker);
      const timer = setTimeout(() => {
        retire(checker);
        void checker.worker.terminate();
      }, IDLE_STOP_MS);
      timer.unref();
      idleTimers.set(checker, timer);
    }
  }
}

/** Stops the checker threads (tests that count threads; the next check starts one again). */
export async function stopFatturaPaCheckers(): Promise<void> {
  const checkers = [...liveCheckers];
  for (const checker of checkers) retire(checker);
  await Promise.all(checkers.map((checker) => checker.worker.terminate()));
}

/** A document the schema refuses; `problems` are xmllint's messages (line: reason). */
export class InvalidFatturaPaError extends Error {
  override name = 'InvalidFatturaPaError';
  constructor(readonly problems: string[]) {
    super(`the FatturaPA XML does not validate against the 1.2.1 schema: ${problems.join('; ')}`);
  }
}

/**
 * xmllint's messages about each of `xmls`, in order: an empty list for a document that
 * validates. One worker and one reading of the schema for them all.
 */
export async function fatturaPaProblemsOfEach(xmls: readonly string[]): Promise<string[][]> {
  if (xmls.length === 0) return [];
  const names = xmls.map((_, index) => `fattura-${index}.xml`);
  const { exitCode, stderr } = await withChecker((checker) =>
    checker.run(xmls.map((contents, index) => ({ fileName: names[index] ?? '', contents }))),
  );
  if (exitCode === 0) return xmls.map(() => []);
  // 3 and 4 are xmllint's validation failures; any other status (a document that does not
  // parse among others) has an output that still names each file.
  const output = stderr;
  const problems = xmls.map((): string[] => []);
  let current = -1;
  for (const line of output.split('\n')) {
    const named = /^fattura-(\d+)\.xml\b/.exec(line);
    if (named) current = Number(named[1]);
    if (current < 0 || line.trim() === '' || / validates$/.test(line)) continue;
    problems[current]?.push(line.trim());
  }
  // Whatever xmllint said about no file in particular (a schema it could not read) is no
  // verdict of validity: every document counts as refused.
  if (problems.every((list) => list.length === 0)) {
    return xmls.map(() => [output.trim() || 'xmllint gave no verdict']);
  }
  return problems;
}

/**
 * Validations running at once, a checker thread each. Each run reads the schema again (most
 * of its cost), so the documents that arrive while they run wait and go together in the next
 * one: a burst of forty purchases costs a few runs, not forty.
 */
const MAX_RUNNING = 2;
const MAX_BATCH = 64;
let running = 0;
const waiting: { xml: string; done: (result: Promise<string[]>) => void }[] = [];

function startWaitingBatches(): void {
  while (running < MAX_RUNNING && waiting.length > 0) {
    const batch = waiting.splice(0, MAX_BATCH);
    running += 1;
    const results = fatturaPaProblemsOfEach(batch.map((entry) => entry.xml));
    for (const [index, entry] of batch.entries()) {
      entry.done(results.then((each) => each[index] ?? []));
    }
    void results
      .catch(() => undefined)
      .finally(() => {
        running -= 1;
        startWaitingBatches();
      });
  }
}

/**
 * Verdicts by the document's hash: the same text validates the same way, and a lawyer's
 * next purchase of the same document on the same day checks the very same text.
 */
const verdicts = new LruCache<string, Promise<string[]>>(2000);

/** xmllint's messages about `xml`; an empty list when it validates. */
export function fatturaPaProblems(xml: string): Promise<string[]> {
  const key = createHash('sha256').update(xml).digest('base64');
  const known = verdicts.get(key);
  if (known) return known;
  const verdict = new Promise<string[]>((resolve) => {
    waiting.push({ xml, done: resolve });
    startWaitingBatches();
  });
  verdicts.set(key, verdict);
  // A failure to run the check (not a verdict) is not remembered: the next call tries again.
  verdict.catch(() => verdicts.delete(key));
  return verdict;
}

/** Throws InvalidFatturaPaError unless `xml` validates against the official schema. */
export async function assertValidFatturaPa(xml: string): Promise<void> {
  const problems = await fatturaPaProblems(xml);
  if (problems.length > 0) throw new InvalidFatturaPaError(problems);
}
