// Render of the typed locazione master (issue 11): a complete typed answer set (two conduttori,
// amounts, dates, `importo_lettere`, `data_lunga`, `aggiungi_anni` …) through `renderDocx`,
// against plain docxtemplater on the same file. Run through tsx; prints one JSON object.
// Local work only; every loop is bounded in count and time.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findNextQuestion } from '@lexpath/shared';
import type { TAnswers, TQuestion } from '@lexpath/shared/schemas/questions';
import Docxtemplater from 'docxtemplater';
import expressionParser from 'docxtemplater/expressions.js';
import PizZip from 'pizzip';
import { locazioneAbitativa } from '../apps/server/demo-templates/locazione-abitativa/source.ts';
import { extractDocumentText, renderDocx } from '../apps/server/src/documents/render.ts';
import { TEMPLATE_FILTERS } from '../apps/server/src/documents/template-language.ts';
import { CalendarDate, typedScope } from '../apps/server/src/documents/typed-answers.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const demo = join(repoRoot, 'apps/server/demo-templates/locazione-abitativa');
// The typed version lives in `typed/` while the web cannot ask typed questions (README there).
const folder = existsSync(join(demo, 'typed/master.docx')) ? join(demo, 'typed') : demo;
const log = (message: string) => process.stderr.write(`[typed-render.bench] ${message}\n`);
const NOW = new Date('2026-11-23T10:00:00Z');

type Stats = { runs: number; p50_ms: number; p95_ms: number; max_ms: number };

function stats(times: number[]): Stats {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const round = (ms: number | undefined) => Number((ms ?? Number.NaN).toFixed(2));
  return {
    runs: sorted.length,
    p50_ms: round(at(0.5)),
    p95_ms: round(at(0.95)),
    max_ms: round(sorted[sorted.length - 1]),
  };
}

/**
 * `runs` timed calls after `warmup` untimed ones, stopping early after `budgetMs`: wall time,
 * and the process's CPU time, which a machine shared with other work disturbs less.
 */
function timeSync(
  fn: () => unknown,
  runs: number,
  warmup: number,
  budgetMs: number,
): { wall: number[]; cpu: number[] } {
  for (let i = 0; i < warmup; i += 1) fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  const deadline = performance.now() + budgetMs;
  for (let i = 0; i < runs && performance.now() < deadline; i += 1) {
    const t = performance.now();
    const c = process.cpuUsage();
    fn();
    const used = process.cpuUsage(c);
    wall.push(performance.now() - t);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall, cpu };
}

/**
 * A complete answer set as a lawyer gives it, walked with findNextQuestion: each choice its
 * first option (every option of a multiple one, so every pertinenza and onere is written), each
 * typed question the demo's fact (two conduttori).
 */
function completeAnswers(questions: readonly TQuestion[]): TAnswers {
  const answers: TAnswers = {};
  for (let next = findNextQuestion(questions, answers), i = 0; next && i < 500; i += 1) {
    if (next.type !== undefined && next.type !== 'scelta') {
      const fact = locazioneAbitativa.facts[next.variable];
      if (fact === undefined) throw new Error(`no fact for ${next.variable}`);
      answers[next.variable] = fact;
    } else {
      answers[next.variable] = next.is_multiple_selection ? next.options : next.options[0];
    }
    next = findNextQuestion(questions, answers);
  }
  return answers;
}

const master = readFileSync(join(folder, 'master.docx'));
const questions = JSON.parse(readFileSync(join(folder, 'questions.json'), 'utf8')) as TQuestion[];
const answers = completeAnswers(questions);
const key = `bench-typed-${master.length}`;

/**
 * Plain docxtemplater: the master's tags use filters and arithmetic (`canone * 12 | importo`),
 * which the default parser cannot read, so it gets docxtemplater's angular-expressions parser
 * with the same filter functions and nothing else of ours (no regrouping, no Italian plain tags,
 * no quote straightening). Its answers are plain values prepared once, outside the timing:
 * numbers and dates already typed, `oggi` already set.
 */
const plainParser = expressionParser.configure({ filters: TEMPLATE_FILTERS });
const plainScope = { ...typedScope(answers, questions), oggi: CalendarDate.inItaly(NOW) };

function renderPlain(): Buffer {
  const doc = new Docxtemplater(new PizZip(master), {
    paragraphLoop: true,
    linebreaks: true,
    parser: plainParser,
  });
  doc.render(plainScope);
  return doc.toBuffer({ compression: 'DEFLATE' });
}

const renderOurs = () => renderDocx(master, answers, { cacheKey: key, questions, now: NOW });

/** What the two renders write, so a reader can see both filled the same document. */
function sample(docx: Buffer) {
  const text = extractDocumentText(docx);
  return {
    characters: text.length,
    conduttori: ['Anna Bianchi', 'Luca Verdi'].every((name) => text.includes(name)),
    canone_lettere: text.includes('ottocentocinquanta/00'),
    underscores_runs: (text.match(/_{4,}/g) ?? []).length,
  };
}

log(`${folder.slice(repoRoot.length + 1)}/master.docx (${master.length} bytes)`);
const oursSample = sample(renderOurs());
const plainSample = sample(renderPlain());
// Interleaved rounds, alternating which side goes first, so neither profits from a later,
// hotter JIT or pays for the other's garbage; enough warm-up for both to be compiled.
timeSync(renderOurs, 0, 50, 30_000);
timeSync(renderPlain, 0, 50, 30_000);
const ours = { wall: [] as number[], cpu: [] as number[] };
const plain = { wall: [] as number[], cpu: [] as number[] };
const into = (side: typeof ours, times: typeof ours) => {
  side.wall.push(...times.wall);
  side.cpu.push(...times.cpu);
};
for (let round = 0; round < 10; round += 1) {
  const sides = [
    () => into(ours, timeSync(renderOurs, 30, 0, 30_000)),
    () => into(plain, timeSync(renderPlain, 30, 0, 30_000)),
  ];
  if (round % 2 === 1) sides.reverse();
  for (const side of sides) side();
}
const o = stats(ours.wall);
const p = stats(plain.wall);
const oCpu = stats(ours.cpu);
const pCpu = stats(plain.cpu);
console.log(
  JSON.stringify({
    source: `${folder.slice(repoRoot.length + 1)}/master.docx`,
    master_bytes: master.length,
    answers: Object.keys(answers).length,
    plain_parser: 'docxtemplater/expressions.js (angular-expressions) with TEMPLATE_FILTERS',
    ours: { ...o, cpu: oCpu, ...oursSample },
    plain_docxtemplater: { ...p, cpu: pCpu, ...plainSample },
    ratio_ours_over_plain_p50: Number((o.p50_ms / p.p50_ms).toFixed(2)),
    ratio_ours_over_plain_p95: Number((o.p95_ms / p.p95_ms).toFixed(2)),
    ratio_ours_over_plain_cpu_p50: Number((oCpu.p50_ms / pCpu.p50_ms).toFixed(2)),
  }),
);
