// The real server under a hostile upload (issue 10): the demo editor uploads a master of 15.8
// million empty paragraphs (95 MB unpacked, ~140 KB zipped) and a 1,000,000-paragraph one while
// a second client asks `/api/health` one request after another; then a legitimate 300-page
// contract, linted in a document worker. Prints JSON: the upload's status
// and time, and the health answers' latency meanwhile. Targets 127.0.0.1 only; loops are bounded.
import { rmSync } from 'node:fs';
import {
  buildDocx,
  buildManyParagraphsDocx,
  buildSampleContract,
  SAMPLE_QUESTIONS,
} from '../apps/server/src/documents/test-docx.ts';
import { benchDataDir, freePort, startServer, stopServer } from './support/server.mjs';

const dataDir = benchDataDir('hostile');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

async function signInAsDemoEditor(): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pec: 'editor@pec.demo.it', password: 'Demo2026!' }),
  });
  const token = response.headers.get('authorization');
  if (!token) throw new Error(`login answered ${response.status}`);
  return token;
}

/** Health latency while `work` runs: one request after another, each timed. */
async function healthDuring<T>(work: Promise<T>) {
  let done = false;
  const times: number[] = [];
  const sampling = (async () => {
    while (!done && times.length < 10_000) {
      const started = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      times.push(performance.now() - started);
    }
  })();
  const result = await work.finally(() => {
    done = true;
  });
  await sampling;
  times.sort((a, b) => a - b);
  return {
    result,
    health: {
      samples: times.length,
      p50_ms: Math.round(times[Math.floor(times.length / 2)] ?? 0),
      max_ms: Math.round(times[times.length - 1] ?? 0),
    },
  };
}

async function upload(token: string, master: Buffer) {
  const form = new FormData();
  form.append('questions', JSON.stringify(SAMPLE_QUESTIONS));
  const type = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  form.append('master', new Blob([master], { type }), 'Contratto.docx');
  form.append(
    'preview',
    new Blob([buildDocx(['Anteprima del contratto'])], { type }),
    'Anteprima.docx',
  );
  const started = performance.now();
  const response = await fetch(`${base}/api/template/upload-master`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  const body = (await response.json()) as { message?: unknown };
  return {
    status: response.status,
    ms: Math.round(performance.now() - started),
    message: response.ok ? undefined : body.message,
  };
}

rmSync(dataDir, { recursive: true, force: true });
const { child } = await startServer({ port, dataDir });
try {
  const token = await signInAsDemoEditor();
  const results: Record<string, unknown> = {};
  for (const [name, paragraphs] of [
    ['paragraphs_15_8M_95MB', 15_800_000],
    ['paragraphs_1M', 1_000_000],
  ] as const) {
    const master = await buildManyParagraphsDocx(paragraphs);
    const { result, health } = await healthDuring(upload(token, master));
    results[name] = { zipped_kb: Math.round(master.length / 1024), upload: result, health };
  }
  // A legitimate 300-page contract: accepted, linted in a worker while health keeps answering.
  const contract = buildSampleContract(300);
  const { result, health } = await healthDuring(upload(token, contract));
  results.contract_300_pages = {
    zipped_kb: Math.round(contract.length / 1024),
    upload: result,
    health,
  };
  console.log(JSON.stringify(results));
} finally {
  await stopServer(child);
  rmSync(dataDir, { recursive: true, force: true });
}
