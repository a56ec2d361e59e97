import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  XmlBufferInputProvider,
  XmlDocument,
  XmlLibError,
  XsdValidator,
  xmlRegisterInputProvider,
} from 'libxml2-wasm';

/*
 * The official FatturaPA 1.2.1 schema, checked inside the server before an invoice or a credit
 * note is issued: the SDI refuses a file that does not validate, and an issued document can
 * never be corrected. libxml2 compiled to WebAssembly (libxml2-wasm) runs the same check as
 * Debian's `xmllint --schema`, so the running server needs no system tool.
 *
 * The schema is read and compiled once, at the first check (about 45 ms), and kept: a check is
 * then libxml2's parse and validation of one invoice, under a millisecond, done on the event
 * loop. (xmllint-wasm, used before, runs the xmllint program, which reads the 200 KB schema
 * again on every run: 24 ms of CPU an invoice, a third of a payment's.)
 */

const SCHEMA_FILE = 'Schema_del_file_xml_FatturaPA_versione_1.2.1a.xsd';
const SIGNATURE_FILE = 'xmldsig-core-schema.xsd';

function schemaBytes(name: string): Buffer {
  return readFileSync(fileURLToPath(new URL(`./schema/${name}`, import.meta.url)));
}

let validator: XsdValidator | null = null;

/** The compiled schema, kept for the process's life. */
function schemaValidator(): XsdValidator {
  if (validator) return validator;
  // The schema imports the signature schema by this relative name: libxml2 asks the provider
  // for it, and never reaches the network or the disk.
  xmlRegisterInputProvider(
    new XmlBufferInputProvider({ [SIGNATURE_FILE]: schemaBytes(SIGNATURE_FILE) }),
  );
  const schema = XmlDocument.fromBuffer(schemaBytes(SCHEMA_FILE), { url: SCHEMA_FILE });
  try {
    validator = XsdValidator.fromDoc(schema);
  } finally {
    schema.dispose();
  }
  return validator;
}

/** A document the schema refuses; `problems` are libxml2's messages (line: reason). */
export class InvalidFatturaPaError extends Error {
  override name = 'InvalidFatturaPaError';
  constructor(readonly problems: string[]) {
    super(`the FatturaPA XML does not validate against the 1.2.1 schema: ${problems.join('; ')}`);
  }
}

/** libxml2's messages about `xml` (one that does not parse included); empty when it validates. */
export function fatturaPaProblems(xml: string): string[] {
  const check = schemaValidator();
  let document: XmlDocument | null = null;
  try {
    document = XmlDocument.fromString(xml);
    check.validate(document);
    return [];
  } catch (error) {
    if (!(error instanceof XmlLibError)) throw error;
    const problems = error.details.map(
      (detail) => `${detail.line}: ${detail.message.trim()}${pathOf(detail)}`,
    );
    return problems.length > 0 ? problems : [error.message];
  } finally {
    document?.dispose();
  }
}

function pathOf(detail: { xpath?: string }): string {
  return detail.xpath ? ` (${detail.xpath})` : '';
}

/** Throws InvalidFatturaPaError unless `xml` validates against the official schema. */
export function assertValidFatturaPa(xml: string): void {
  const problems = fatturaPaProblems(xml);
  if (problems.length > 0) throw new InvalidFatturaPaError(problems);
}
