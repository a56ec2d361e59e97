// The lawyer's first view of a preview (issue 11): render the demo locazione preview with its
// answers, convert it on a warm listener, and — for the protected preview — draw its pages as
// pictures. `text` is the preview as it was before (render + convert), `page_images` as it is
// now. `server` (issue 13) measures the real server on the embedded PostgreSQL: the preview
// asked after the summary was read (made ahead of time) and asked again (the cache), from the
// client and as the server logs it (`responseTime`). Run through tsx; prints one JSON object.
// Local processes only; bounded loops.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QuestionRules } from '@lexpath/shared';
import type { TAnswers } from '@lexpath/shared/schemas/questions';
import {
  createPdfPool,
  findSoffice,
  type PdfOutput,
} from '../apps/server/src/documents/pdf-pool.ts';
import { openPreviewStore } from '../apps/server/src/documents/preview-store.ts';
import { renderDocx } from '../apps/server/src/documents/render.ts';
import { buildSampleContract, SAMPLE_ANSWERS } from '../apps/server/src/documents/test-docx.ts';
import { pdfPageImageBytes } from '../apps/server/src/documents/test-pdf.ts';
import { sampleAnswer } from './support/sample-answers.mjs';
import { benchDataDir, freePort, REPO_ROOT, startServer, stopServer } from './support/server.mjs';

const demo = join(REPO_ROOT, 'apps/server/demo-templates/locazione-abitativa');
const log = (message: string) => process.stderr.write(`[preview.bench] ${message}\n`);
const RUNS = 10;

function percentile(times: number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.ceil((sorted.length * p) / 100) - 1] ?? Number.NaN;
}

function p50(times: number[]): number {
  return Math.round(percentile(times, 50));
}

/** p50 and p95 to a tenth of a millisecond. */
function spread(times: number[]) {
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    runs: times.length,
    p50_ms: round(percentile(times, 50)),
    p95_ms: round(percentile(times, 95)),
  };
}

/** Every question answered with its first option (a typed question, if any, is left out). */
function firstOptionAnswers(questions: QuestionRules[]): TAnswers {
  return Object.fromEntries(
    questions
      .filter((q) => Array.isArray(q.options) && q.options.length > 0)
      .map((q) => [q.variable, q.is_multiple_selection ? [q.options[0]] : q.options[0]]),
  ) as TAnswers;
}

async function main() {
  const soffice = findSoffice(process.env.SOFFICE_PATH);
  if (!soffice) return { skipped: 'soffice not found' };
  const preview = readFileSync(join(demo, 'preview.docx'));
  const questions = JSON.parse(readFileSync(join(demo, 'questions.json'), 'utf8'));
  const answers = firstOptionAnswers(questions);
  const pool = createPdfPool({ sofficePath: soffice, size: 1, timeoutMs: 60_000 });
  try {
    await pool.warmUp();
    // The first conversion loads LibreOffice's filters; the first pictures warm pdf-lib.
    await pool.convertDocxToPdf(renderDocx(preview, answers), 'warm-text');
    await pool.convertDocxToPdf(renderDocx(preview, answers), 'warm-images', 'page-images');
    const result: Record<string, object> = {};
    for (const output of ['text', 'page-images'] as PdfOutput[]) {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < RUNS; i += 1) {
        const t = performance.now();
        // A distinct key each run: a first view, never the cache.
        const pdf = await pool.convertDocxToPdf(
          renderDocx(preview, answers),
          `${output}-${i}`,
          output,
        );
        times.push(performance.now() - t);
        bytes = pdf.length;
      }
      log(`${output}: ${times.map(Math.round).join(' ')} ms`);
      result[output.replace('-', '_')] = {
        runs: times.length,
        p50_ms: p50(times),
        pdf_bytes: bytes,
      };
    }
    return { source: 'demo-templates/locazione-abitativa/preview.docx', ...result };
  } finally {
    await pool.close();
  }
}

// ---------------------------------------------------------------------------------------------
// A long contract (issue 21): ~300 pages prepared ahead of time, asked again from memory and
// from disk (a restarted pool without LibreOffice), and a 10-page one asked right after the last
// answer. Budgets in bench/README.md.

/** buildSampleContract's argument for about 300 pages, and for about 10. */
const LONG_CONTRACT = 190;
const SHORT_CONTRACT = 6;

async function pageFigures(pdf: Buffer) {
  const sizes = (await pdfPageImageBytes(pdf)).map((page) => page[0]?.length ?? 0);
  return {
    pages: sizes.length,
    pdf_bytes: pdf.length,
    page_kb_mean: Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length / 102.4) / 10,
    page_kb_max: Math.round(Math.max(...sizes) / 102.4) / 10,
  };
}

async function longDocument(soffice: string) {
  const dir = mkdtempSync(join(tmpdir(), 'preview-bench-'));
  const storeDir = join(dir, 'previews');
  const long = renderDocx(buildSampleContract(LONG_CONTRACT), SAMPLE_ANSWERS);
  const short = renderDocx(buildSampleContract(SHORT_CONTRACT), SAMPLE_ANSWERS);
  const pool = createPdfPool({
    sofficePath: soffice,
    size: 1,
    timeoutMs: 120_000,
    workDir: join(dir, 'pool'),
    store: openPreviewStore(storeDir, 1024 * 1024 * 1024),
  });
  try {
    await pool.warmUp();
    await pool.convertDocxToPdf(short, 'warm', 'page-images');
    const load_before = loadavg()[0];
    let t = performance.now();
    const made = await pool.prefetch('long', 'page-images', async () => long);
    const aheadMs = performance.now() - t;
    if (!made) throw new Error('the long preview was not made ahead of time');
    const pdf = (await pool.peek('long', 'page-images')) as Buffer;
    log(`long: ahead ${Math.round(aheadMs)} ms, load ${loadavg()[0]}`);
    const fromMemory: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      t = performance.now();
      await pool.convertDocxToPdf(long, 'long', 'page-images');
      fromMemory.push(performance.now() - t);
    }
    const shortTimes: number[] = [];
    let shortPdf = Buffer.alloc(0);
    for (let i = 0; i < RUNS; i += 1) {
      t = performance.now();
      shortPdf = await pool.convertDocxToPdf(short, `short-${i}`, 'page-images');
      shortTimes.push(performance.now() - t);
    }
    await pool.close();
    const fromDisk: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      // A restarted server: an empty memory cache, no LibreOffice, the folder as it was left.
      const restarted = createPdfPool({
        sofficePath: '/nonexistent/soffice',
        store: openPreviewStore(storeDir, 1024 * 1024 * 1024),
      });
      t = performance.now();
      await restarted.convertDocxToPdf(long, 'long', 'page-images');
      fromDisk.push(performance.now() - t);
      await restarted.close();
    }
    return {
      long: {
        ...(await pageFigures(pdf)),
        prepared_ahead_ms: Math.round(aheadMs),
        repeat_from_memory: spread(fromMemory),
        repeat_from_disk_after_restart: spread(fromDisk),
      },
      short_first_view: { ...(await pageFigures(shortPdf)), ...spread(shortTimes) },
      load_average_1m: [load_before, loadavg()[0]],
    };
  } finally {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Pool size (issue 21): the same burst of protected previews (the demo locazione, distinct keys,
// all asked at once) on pools of 1, 2 and 3 warm listeners, to choose PDF_POOL_SIZE's default.

const BURST = 12;

async function throughputBySize(soffice: string) {
  const preview = readFileSync(join(demo, 'preview.docx'));
  const questions = JSON.parse(readFileSync(join(demo, 'questions.json'), 'utf8'));
  const docx = renderDocx(preview, firstOptionAnswers(questions));
  const figures: Record<string, object> = {};
  for (const size of [1, 2, 3]) {
    const pool = createPdfPool({
      sofficePath: soffice,
      size,
      queueLimit: BURST,
      timeoutMs: 120_000,
    });
    try {
      await pool.warmUp();
      await Promise.all(
        Array.from({ length: size }, (_, i) =>
          pool.convertDocxToPdf(docx, `warm-${i}`, 'page-images'),
        ),
      );
      const load = loadavg()[0];
      const started = performance.now();
      const times = await Promise.all(
        Array.from({ length: BURST }, async (_, i) => {
          await pool.convertDocxToPdf(docx, `burst-${i}`, 'page-images');
          return performance.now() - started;
        }),
      );
      const wall = performance.now() - started;
      log(`pool of ${size}: ${BURST} previews in ${Math.round(wall)} ms, load ${load}`);
      figures[`size_${size}`] = {
        previews_per_s: Math.round((BURST / wall) * 10000) / 10,
        ...spread(times),
        load_average_1m: load,
      };
    } finally {
      await pool.close();
    }
  }
  return { burst: BURST, ...figures };
}

// ---------------------------------------------------------------------------------------------
// The real server (issue 13).

const SUMMARY_READING_MS = 5000;
const SERVER_RUNS = 10;
const CACHED_RUNS = 50;

type Question = {
  variable: string;
  type?: string;
  options?: string[];
  is_multiple_selection?: boolean;
  min?: number;
  max?: unknown;
  min_items?: number;
  fields?: Question[];
};

async function api(
  base: string,
  path: string,
  init: { token?: string; body?: unknown; method?: string } = {},
) {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await response.json()) as { data?: unknown };
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json.data as never;
}

const PREVIEW_PATH = '/api/contract/preview/';

/** The server's own time for each preview request, from its access log line. */
function followServerLog(child: ChildProcess) {
  const urls = new Map<string, string>();
  const previewTimes: Array<{ contractId: string; ms: number }> = [];
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      try {
        const entry = JSON.parse(line);
        if (entry.req?.url) urls.set(entry.reqId, entry.req.url);
        if (typeof entry.responseTime === 'number') {
          const url = urls.get(entry.reqId);
          if (url?.startsWith(PREVIEW_PATH)) {
            const contractId = url.slice(PREVIEW_PATH.length).split('?')[0] ?? '';
            previewTimes.push({ contractId, ms: entry.responseTime });
          }
          urls.delete(entry.reqId);
        }
      } catch {}
    }
  });
  return {
    /**
     * The logged times of `contractId`'s previews, once `count` of them are in. The access line
     * is written when the response has finished, which can be after the client has read it: a
     * line is matched to its contract, never to whichever request the bench made next.
     */
    async takePreviewTimes(contractId: string, count: number): Promise<number[]> {
      const mine = () => previewTimes.filter((entry) => entry.contractId === contractId);
      for (let waited = 0; mine().length < count && waited < 5000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const taken = mine();
      for (const entry of taken) previewTimes.splice(previewTimes.indexOf(entry), 1);
      return taken.map((entry) => entry.ms);
    },
  };
}

async function startLoggedServer(port: number, dataDir: string) {
  let log: ReturnType<typeof followServerLog> | undefined;
  const { child } = await startServer({
    port,
    dataDir,
    env: { LOG_LEVEL: 'info', PDF_POOL_SIZE: '1' },
    log: 'pipe',
    onSpawn: (spawned: ChildProcess) => {
      log = followServerLog(spawned);
    },
  });
  return { child, log: log as ReturnType<typeof followServerLog> };
}

/** Complete answers for the template, walking its questionnaire with sample answers. */
async function finishedAnswers(base: string, token: string, templateId: string) {
  const path = `/api/contract/questions?type=${encodeURIComponent(templateId)}`;
  let answers: Record<string, unknown> = {};
  const typed: string[] = [];
  for (let i = 0; i < 200; i += 1) {
    const next = (await api(base, path, { token, body: answers })) as Question | null;
    if (!next) return { answers, typed };
    if (next.type === 'testo') typed.push(next.variable);
    answers = { ...answers, [next.variable]: sampleAnswer(next) };
  }
  throw new Error('the questionnaire did not end in 200 questions');
}

/** The preview: time to its first byte (the server's answer) and to its last (the transfer). */
async function timedPreview(base: string, token: string, id: string) {
  const started = performance.now();
  const response = await fetch(`${base}/api/contract/preview/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const firstByte = performance.now() - started;
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== 200) throw new Error(`preview answered ${response.status}`);
  return { firstByte, ms: performance.now() - started, bytes };
}

async function serverFigures() {
  const dataDir = benchDataDir('preview');
  rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { child, log } = await startLoggedServer(port, dataDir);
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pec: 'avvocato@pec.demo.it', password: 'Demo2026!' }),
    });
    const token = (login.headers.get('authorization') ?? '').slice('Bearer '.length);
    if (login.status !== 200 || !token) throw new Error(`login answered ${login.status}`);
    const catalogue = (await api(base, '/api/template?limit=100', { token })) as {
      results: { id: string; name: string }[];
    };
    const template = catalogue.results.find((t) => /locazione/i.test(t.name));
    if (!template) return { skipped: 'no demo locazione template' };
    const walk = await finishedAnswers(base, token, template.id);
    const varied = walk.typed[0];
    if (!varied) return { skipped: 'the locazione walk asks no text question to vary' };

    /** A contract finished with answers no other run used, as the questionnaire leaves it. */
    const finishContract = async (run: string) => {
      const { id } = (await api(base, '/api/contract/', {
        token,
        method: 'PUT',
        body: { type: template.id, answers: {}, status: 'TO_COMPLETE' },
      })) as { id: string };
      await api(base, `/api/contract/${id}`, {
        token,
        method: 'PUT',
        body: { answers: { ...walk.answers, [varied]: `Mario Rossi ${run}` } },
      });
      return id;
    };
    /** 'Vai all'anteprima': the COMPLETED save, then the preview, timed from the click. */
    const click = async (id: string) => {
      const started = performance.now();
      await api(base, `/api/contract/${id}`, {
        token,
        method: 'PUT',
        body: { status: 'COMPLETED' },
      });
      const preview = await timedPreview(base, token, id);
      return { ms: performance.now() - started, preview };
    };

    // Warm-up: the listener's first conversion, the renderer's first render.
    const warmId = await finishContract(`warm-${process.pid}`);
    await click(warmId);
    await log.takePreviewTimes(warmId, 1);

    const afterReading: number[] = [];
    const afterReadingServer: number[] = [];
    const atOnce: number[] = [];
    const cachedClient: number[] = [];
    const cachedFirstByte: number[] = [];
    const cachedServer: number[] = [];
    let pdfBytes = 0;
    for (let i = 0; i < SERVER_RUNS; i += 1) {
      const id = await finishContract(`${process.pid}-${i}`);
      // The lawyer reads the summary, then clicks.
      await new Promise((resolve) => setTimeout(resolve, SUMMARY_READING_MS));
      const read = await click(id);
      afterReading.push(read.ms);
      afterReadingServer.push(...(await log.takePreviewTimes(id, 1)));
      pdfBytes = read.preview.bytes;
      // No reading at all: the click right after the last answer (the conversion is under way).
      const atOnceId = await finishContract(`${process.pid}-${i}-at-once`);
      atOnce.push((await click(atOnceId)).ms);
      await log.takePreviewTimes(atOnceId, 1);
      for (let k = 0; k < CACHED_RUNS / SERVER_RUNS; k += 1) {
        const cached = await timedPreview(base, token, id);
        cachedClient.push(cached.ms);
        cachedFirstByte.push(cached.firstByte);
      }
      cachedServer.push(...(await log.takePreviewTimes(id, CACHED_RUNS / SERVER_RUNS)));
    }
    process.stderr.write(
      `[preview.bench] server: after reading ${afterReading.map(Math.round).join(' ')} ms, at once ${atOnce.map(Math.round).join(' ')} ms\n`,
    );
    return {
      template: template.name,
      pdf_bytes: pdfBytes,
      summary_reading_ms: SUMMARY_READING_MS,
      ahead_of_time: {
        click_to_pdf: spread(afterReading),
        preview_server_side: spread(afterReadingServer),
      },
      click_right_after_last_answer: spread(atOnce),
      // first_byte: the answer's headers at the client; whole_pdf: its last byte; server_logged:
      // Fastify's responseTime, which ends when the PDF is written to the socket.
      warm_cache: {
        first_byte: spread(cachedFirstByte),
        whole_pdf: spread(cachedClient),
        server_logged: spread(cachedServer),
      },
    };
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const pool = await main();
const soffice = findSoffice(process.env.SOFFICE_PATH);
const long_document = soffice ? await longDocument(soffice) : { skipped: 'soffice not found' };
const pool_size = soffice ? await throughputBySize(soffice) : { skipped: 'soffice not found' };
const server = process.env.PREVIEW_BENCH_POOL_ONLY
  ? { skipped: 'PREVIEW_BENCH_POOL_ONLY' }
  : findSoffice(process.env.SOFFICE_PATH)
    ? await serverFigures()
    : { skipped: 'soffice not found' };
console.log(JSON.stringify({ ...pool, long_document, pool_size, server }));
