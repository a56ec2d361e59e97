// The document engine: render overhead over plain docxtemplater, lint, PDF conversion (warm pool
// vs a cold soffice per request) and cached previews. Run through tsx; prints one JSON object.
// Local processes only; every loop is bounded in count and time.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { QuestionRules } from '@lexpath/shared';
import type { TAnswers } from '@lexpath/shared/schemas/questions';
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import { lintCached } from '../apps/server/src/documents/document-tasks.ts';
import { lintTemplate } from '../apps/server/src/documents/lint.ts';
import { createPdfPool, findSoffice } from '../apps/server/src/documents/pdf-pool.ts';
import { renderDocx } from '../apps/server/src/documents/render.ts';
import { TEMPLATER_OPTIONS } from '../apps/server/src/documents/template-language.ts';
import {
  buildSampleContract,
  SAMPLE_ANSWERS,
  SAMPLE_QUESTIONS,
} from '../apps/server/src/documents/test-docx.ts';
import { typedScope } from '../apps/server/src/documents/typed-answers.ts';
import { sampleAnswer } from './support/sample-answers.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const demoRoot = join(repoRoot, 'apps/server/demo-templates');
const log = (message: string) => process.stderr.write(`[documents.bench] ${message}\n`);

type Stats = { runs: number; p50_ms: number; p95_ms: number; max_ms: number };

function stats(times: number[], digits = 1): Stats {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const round = (ms: number) => Number(ms.toFixed(digits));
  return {
    runs: sorted.length,
    p50_ms: round(at(0.5)),
    p95_ms: round(at(0.95)),
    max_ms: round(sorted[sorted.length - 1]),
  };
}

/** `runs` timed calls after `warmup` untimed ones, stopping early after `budgetMs`. */
function timeSync(fn: () => unknown, runs: number, warmup: number, budgetMs: number): number[] {
  for (let i = 0; i < warmup; i += 1) fn();
  const times: number[] = [];
  const deadline = performance.now() + budgetMs;
  for (let i = 0; i < runs && performance.now() < deadline; i += 1) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return times;
}

type Subject = {
  source: string;
  master: Buffer;
  preview: Buffer;
  questions: QuestionRules[];
  answers: TAnswers;
};

/** Every question answered (a choice with its first option, a typed question with a valid
 * sample): the whole master is exercised. */
function sampleAnswers(questions: QuestionRules[]): TAnswers {
  return Object.fromEntries(questions.map((q) => [q.variable, sampleAnswer(q)])) as TAnswers;
}

/** The largest demo master, with its preview and questions; else the 24-page sample contract. */
function pickSubject(): Subject {
  const candidates = existsSync(demoRoot)
    ? readdirSync(demoRoot, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => join(demoRoot, entry.name))
        .filter((dir) =>
          ['master.docx', 'preview.docx', 'questions.json'].every((f) => existsSync(join(dir, f))),
        )
    : [];
  candidates.sort(
    (a, b) => statSync(join(b, 'master.docx')).size - statSync(join(a, 'master.docx')).size,
  );
  const dir = candidates[0];
  if (dir) {
    const questions = JSON.parse(
      readFileSync(join(dir, 'questions.json'), 'utf8'),
    ) as QuestionRules[];
    return {
      source: `demo-templates/${dir.slice(demoRoot.length + 1)}`,
      master: readFileSync(join(dir, 'master.docx')),
      preview: readFileSync(join(dir, 'preview.docx')),
      questions,
      answers: sampleAnswers(questions),
    };
  }
  const sample = buildSampleContract(24);
  return {
    source: 'buildSampleContract(24)',
    master: sample,
    preview: sample,
    questions: SAMPLE_QUESTIONS,
    answers: SAMPLE_ANSWERS,
  };
}

/** The same work as renderDocx with nothing of the engine: fresh zip, same parser options. */
function renderPlain(bytes: Buffer, scope: Record<string, unknown>): Buffer {
  const doc = new Docxtemplater(new PizZip(bytes), TEMPLATER_OPTIONS);
  doc.render(scope);
  return doc.toBuffer({ compression: 'DEFLATE' });
}

/**
 * Where plain docxtemplater's render goes: compiling the template (the constructor: lexing,
 * parsing, postparsing every templated part), filling it (`render`), zipping. docxtemplater
 * renders a compiled instance once only (a second `render` throws), so the compile is paid on
 * every render: this says how much a cache of compiled templates could save.
 */
function plainPhases(bytes: Buffer, scope: Record<string, unknown>) {
  const compile: number[] = [];
  const fill: number[] = [];
  const zip: number[] = [];
  const deadline = performance.now() + 20_000;
  for (let i = 0; i < 40 && performance.now() < deadline; i += 1) {
    const t0 = performance.now();
    const doc = new Docxtemplater(new PizZip(bytes), TEMPLATER_OPTIONS);
    const t1 = performance.now();
    doc.render(scope);
    const t2 = performance.now();
    doc.toBuffer({ compression: 'DEFLATE' });
    const t3 = performance.now();
    if (i < 10) continue;
    compile.push(t1 - t0);
    fill.push(t2 - t1);
    zip.push(t3 - t2);
  }
  const c = stats(compile);
  const f = stats(fill);
  const z = stats(zip);
  return {
    compile: c,
    render: f,
    zip: z,
    compile_share_p50: Number((c.p50_ms / (c.p50_ms + f.p50_ms + z.p50_ms)).toFixed(2)),
  };
}

function benchRender(subject: Subject) {
  log(`render: ${subject.source} (${subject.master.length} bytes)`);
  const key = `bench-${subject.master.length}`;
  // Interleaved rounds, alternating which side goes first, so neither profits from a later,
  // hotter JIT or pays for the other's garbage; enough warm-up for both to be compiled.
  const engine: number[] = [];
  const plain: number[] = [];
  // As the server renders: the answers with their questions (typed answers become values).
  const renderEngine = () =>
    renderDocx(subject.master, subject.answers, { cacheKey: key, questions: subject.questions });
  // The plain side gets the same values, prepared once outside the timing.
  const scope = typedScope(subject.answers, subject.questions);
  const renderPlainOnce = () => renderPlain(subject.master, scope);
  timeSync(renderEngine, 0, 20, 20_000);
  timeSync(renderPlainOnce, 0, 20, 20_000);
  for (let round = 0; round < 6; round += 1) {
    const sides = [
      () => engine.push(...timeSync(renderEngine, 15, 0, 20_000)),
      () => plain.push(...timeSync(renderPlainOnce, 15, 0, 20_000)),
    ];
    if (round % 2 === 1) sides.reverse();
    for (const side of sides) side();
  }
  const e = stats(engine);
  const p = stats(plain);
  return {
    source: subject.source,
    master_bytes: subject.master.length,
    engine: e,
    plain_docxtemplater: p,
    plain_phases: plainPhases(subject.master, scope),
    ratio_engine_over_plain_p50: Number((e.p50_ms / p.p50_ms).toFixed(2)),
  };
}

function benchLint(subject: Subject) {
  log('lint: master + preview');
  const times = timeSync(
    () =>
      lintTemplate({
        master: subject.master,
        preview: subject.preview,
        questions: subject.questions,
      }),
    20,
    3,
    30_000,
  );
  const result = lintTemplate({
    master: subject.master,
    preview: subject.preview,
    questions: subject.questions,
  });
  // As the document workers lint: the upload and the save of a version lint the same input.
  const input = { master: subject.master, preview: subject.preview, questions: subject.questions };
  lintCached(input);
  const repeat = timeSync(() => lintCached(input), 20, 0, 10_000);
  return {
    source: subject.source,
    ...stats(times),
    repeat_cached: stats(repeat, 2),
    errors: result.errors.length,
    warnings: result.warnings.length,
  };
}

/** One `soffice --headless --convert-to pdf` with a fresh profile: what a request would pay. */
function convertCold(soffice: string, docx: Buffer): number {
  const dir = mkdtempSync(join(tmpdir(), 'lexpath-bench-cold-'));
  try {
    const input = join(dir, 'contract.docx');
    writeFileSync(input, docx);
    const t = performance.now();
    const run = spawnSync(
      soffice,
      [
        `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
        '--headless',
        '--norestore',
        '--convert-to',
        'pdf',
        '--outdir',
        join(dir, 'out'),
        input,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], timeout: 120_000 },
    );
    const ms = performance.now() - t;
    if (run.status !== 0 || !existsSync(join(dir, 'out/contract.pdf'))) {
      throw new Error(
        `cold soffice failed (${run.status}): ${run.stderr?.toString().slice(0, 300)}`,
      );
    }
    return ms;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchPdf() {
  const soffice = findSoffice(process.env.SOFFICE_PATH);
  if (!soffice) return { skipped: 'soffice not found' };
  const docx = renderDocx(buildSampleContract(24), SAMPLE_ANSWERS);
  const pool = createPdfPool({ sofficePath: soffice, size: 1, timeoutMs: 60_000 });
  try {
    log('pdf: starting the warm pool');
    const startT = performance.now();
    await pool.warmUp();
    const startMs = Math.round(performance.now() - startT);
    await pool.convertDocxToPdf(docx, 'bench-warmup'); // first conversion loads the filters
    const warm: number[] = [];
    const deadline = performance.now() + 60_000;
    for (let i = 0; i < 10 && performance.now() < deadline; i += 1) {
      const t = performance.now();
      const pdf = await pool.convertDocxToPdf(docx, `bench-warm-${i}`);
      warm.push(performance.now() - t);
      if (i === 0) log(`pdf: ${pdf.length} bytes`);
    }
    log('pdf: cached previews');
    const cached: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      const t = performance.now();
      await pool.convertDocxToPdf(docx, 'bench-warm-0');
      cached.push(performance.now() - t);
    }
    log('pdf: cold soffice per request');
    const cold: number[] = [];
    const coldDeadline = performance.now() + 120_000;
    for (let i = 0; i < 4 && performance.now() < coldDeadline; i += 1) {
      cold.push(convertCold(soffice, docx));
    }
    const w = stats(warm, 0);
    const c = stats(cold, 0);
    return {
      docx_bytes: docx.length,
      pool_start_ms: startMs,
      warm_pool: w,
      cold_soffice: c,
      ratio_cold_over_warm_p50: Number((c.p50_ms / w.p50_ms).toFixed(2)),
      cached_preview: stats(cached, 3),
    };
  } finally {
    await pool.close();
  }
}

const subject = pickSubject();
const render = benchRender(subject);
const lint = benchLint(subject);
const pdf = await benchPdf();
console.log(JSON.stringify({ render, lint, pdf }));
