// The lawyer's first view of a preview (issue 11): render the demo locazione preview with its
// answers, convert it on a warm listener, and — for the protected preview — draw its pages as
// pictures. `text` is the preview as it was before (render + convert), `page_images` as it is
// now. Run through tsx; prints one JSON object. Local processes only; bounded loops.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { QuestionRules } from '@lexpath/shared';
import type { TAnswers } from '@lexpath/shared/schemas/questions';
import {
  createPdfPool,
  findSoffice,
  type PdfOutput,
} from '../apps/server/src/documents/pdf-pool.ts';
import { renderDocx } from '../apps/server/src/documents/render.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const demo = join(repoRoot, 'apps/server/demo-templates/locazione-abitativa');
const log = (message: string) => process.stderr.write(`[preview.bench] ${message}\n`);
const RUNS = 10;

function p50(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.ceil(sorted.length / 2) - 1] ?? Number.NaN);
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

console.log(JSON.stringify(await main()));
