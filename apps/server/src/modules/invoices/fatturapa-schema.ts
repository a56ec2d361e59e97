import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

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

/**
 * Validations running at once: each is a thread compiling libxml2 and reading the schema, so
 * a burst of purchases queues here rather than starting twenty threads on two cores.
 */
const MAX_RUNNING = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function fewAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next caller, if any, so `running` stays counted.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
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
    const result = await fewAtATime(() =>
      validateXML({
        xml: xmls.map((contents, index) => ({ fileName: names[index] ?? '', contents })),
        schema: [{ fileName: SCHEMA_FILE, contents: schema }],
        // The schema imports the signature schema by this relative name.
        preload: [{ fileName: SIGNATURE_FILE, contents: signature }],
      }),
    );
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

/** xmllint's messages about `xml`; an empty list when it validates. */
export async function fatturaPaProblems(xml: string): Promise<string[]> {
  const [problems] = await fatturaPaProblemsOfEach([xml]);
  return problems ?? [];
}

/** Throws InvalidFatturaPaError unless `xml` validates against the official schema. */
export async function assertValidFatturaPa(xml: string): Promise<void> {
  const problems = await fatturaPaProblems(xml);
  if (problems.length > 0) throw new InvalidFatturaPaError(problems);
}
