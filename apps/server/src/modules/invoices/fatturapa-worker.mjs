// The FatturaPA schema check's thread (see fatturapa-schema.ts), kept for the server's life.
// xmllint-wasm's own validateXML starts a thread per call, which loads its JavaScript and
// compiles 760 KB of WebAssembly each time, then runs it cold: most of a check's CPU. Here the
// WebAssembly is compiled once and every run instantiates that module (V8 keeps its optimised
// code), so a run costs libxml2's own work: reading the schema and the documents. Plain
// JavaScript, like document-worker.mjs, so it runs the same from source and from the build.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const packageDir = path.dirname(require.resolve('xmllint-wasm/package.json'));
// The package's Emscripten factory; its own message handler ignores every message but those
// tagged by its validateXML, which this thread never sends.
const createXmllint = require(path.join(packageDir, 'xmllint-node.js'));
const compiled = new WebAssembly.Module(readFileSync(path.join(packageDir, 'xmllint.wasm')));

/** 64 KiB pages: xmllint-wasm's defaults, 16 MiB growing to 32 MiB a run. */
const INITIAL_PAGES = 256;
const MAXIMUM_PAGES = 512;

/** The schema files, the same for every run: sent once when the thread starts. */
const schemaFiles = workerData.schemaFiles;
const schemaArgs = workerData.schemaArgs;

/** One xmllint run over `xmls` ({ fileName, contents }): its exit code and messages. */
function run(xmls) {
  return new Promise((resolve) => {
    let stderr = '';
    createXmllint({
      inputFiles: [...xmls, ...schemaFiles],
      arguments: [...schemaArgs, '--noout', ...xmls.map((xml) => xml.fileName)],
      print() {},
      printErr(text) {
        stderr += `${text}\n`;
      },
      onExit: (exitCode) => resolve({ exitCode, stderr }),
      onAbort: (reason) => resolve({ exitCode: -1, stderr: `WASM Abort: ${reason}` }),
      instantiateWasm(imports, receive) {
        receive(new WebAssembly.Instance(compiled, imports), compiled);
        return {};
      },
      wasmMemory: new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum: MAXIMUM_PAGES }),
    }).catch((error) => resolve({ exitCode: -1, stderr: String(error?.message ?? error) }));
  });
}

parentPort.on('message', async (message) => {
  if (message?.kind !== 'validate') return;
  parentPort.postMessage({ kind: 'verdict', id: message.id, ...(await run(message.xmls)) });
});
