import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';
import { LruCache } from '../../lib/lru-cache.ts';

/*
 * The official FatturaPA 1.2.1 schema, checked inside the server before an invoice or a credit
 * note is issued: the SDI refuses a file that does not validate, and an issued document can
 * never be corrected. libxml2 compiled to WebAssembly (xmllint-wasm) runs the same check as
 * Debian's `xmllint --schema`, so the running server needs no system tool. Each validation runs
 * in a worker thread of its own (the library starts one per call): the event loop only posts
 * the strings.
 */

const SCHEMA_FILE = 'Schema_del_file_xml_FatturaPA_versione_1.2.1a.xsd';
const SIGNATURE_FILE = 'xmldsig-core-schema.xsd';

function schemaText(name: string): string {
  return readFileSync(fileURLToPath(new URL(`./schema/${name}`, import.meta.url)), 'utf8');
}

let schemas: { schema: string; signature: string } | undefined;

/** Read once, on the first invoice: about 200 KB that every validation hands to its worker. */
function loadSchemas() {
  schemas ??= { schema: schemaText(SCHEMA_FILE), signature: schemaText(SIGNATURE_FILE) };
  return schemas;
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
  const { schema, signature } = loadSchemas();
  const names = xmls.map((_, index) => `fattura-${index}.xml`);
  let output: string;
  try {
    const result = await validateXML({
      xml: xmls.map((contents, index) => ({ fileName: names[index] ?? '', contents })),
      schema: [{ fileName: SCHEMA_FILE, contents: schema }],
      // The schema imports the signature schema by this relative name.
      preload: [{ fileName: SIGNATURE_FILE, contents: signature }],
    });
    if (result.valid) return xmls.map(() => []);
    output = result.rawOutput;
  } catch (error) {
    // An exit status xmllint-wasm does not classify (a document that does not parse among
    // others): its output still names each file.
    output = error instanceof Error ? error.message : String(error);
  }
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
 * Validations running at once. Each starts a thread that compiles libxml2 and reads the
 * schema (most of its cost), so the documents that arrive while they run wait and go together
 * in the next one: a burst of forty purchases costs a few runs, not forty.
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
