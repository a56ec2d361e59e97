import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TChoiceQuestion } from '@lexpath/shared/schemas/questions';
import { describe, expect, it } from 'vitest';
import { renderDocx } from './render.ts';

/**
 * The demo templates as published before typed answers, kept as fixtures: the demos themselves
 * have since gained typed questions, and these old lists must keep rendering the same bytes.
 */
const DEMO_V1_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/demo-v1');
const DEMO_V1_SLUGS = [
  'locazione-abitativa',
  'accordo-riservatezza',
  'prestazione-opera-professionale',
];

/**
 * SHA-256 of the demo masters and previews rendered before typed answers existed (commit
 * 5b3a23c), with two fixed answer sets: each question's first option (all options when
 * multiple) and its second option (all but the first). Questions without `type` must keep
 * rendering these exact bytes.
 */
const EXPECTED: Record<string, string> = {
  'locazione-abitativa/master.docx/0':
    'cec88e9e90602dd885adefeffc2f4c2eedd5581e3b86322194dcb235e1f12626',
  'locazione-abitativa/master.docx/1':
    'bd185bd1c334c2ca6c5dc3dbf8128054912dcdc9b0fd756d18125408dac39740',
  'locazione-abitativa/preview.docx/0':
    '9fceb6c9bfca1d6af39953813b9f3125f33e3bd6033b1eef0e7ff9d84ed668c0',
  'locazione-abitativa/preview.docx/1':
    'b6870f2f4c4833bda76743d8fbe8f0944e499d55ece717fd8bce1ee0eb7fd146',
  'accordo-riservatezza/master.docx/0':
    'ae8320f58b01467b52ae963d6fdbb7c9077e2230b8131c131b3f9833a1844bd0',
  'accordo-riservatezza/master.docx/1':
    'dcd65964f3f41fea7ee6b54fd029f1a58e9af1fab9daec38a8b4878dd52b8951',
  'accordo-riservatezza/preview.docx/0':
    '71dd42fb63339ad2af1bbb85db2574e1041126343a15d68b89e5b2c86bfa114a',
  'accordo-riservatezza/preview.docx/1':
    'd91876cae9541ac83edc7c8ecd1e28fcfdb12fdf2ef8278719626ec546d882d2',
  'prestazione-opera-professionale/master.docx/0':
    '5ad31771ecd2458b1fcee736a0a33ca9ddcf15c7c7deceadbef617ef945288a6',
  'prestazione-opera-professionale/master.docx/1':
    'f1aab00ae2ce282010643c46a98ab52f3e47b06e89b7255f96297cc26cd26c75',
  'prestazione-opera-professionale/preview.docx/0':
    '16ae77cbcd749c24da5a8259755b1c2d7d937e9ebd801a1e6cd01fe2a562a1ce',
  'prestazione-opera-professionale/preview.docx/1':
    '2af9e9ee621974485188718df670c6d7069a7d8ef3fe062d93466790c142c901',
};

describe('questions without type render byte-identical to before typed answers', () => {
  for (const slug of DEMO_V1_SLUGS) {
    const read = (name: string) => readFileSync(path.join(DEMO_V1_DIR, slug, name));
    const questions: TChoiceQuestion[] = JSON.parse(read('questions.json').toString('utf8'));
    for (const file of ['master.docx', 'preview.docx']) {
      it(`${slug} ${file}`, () => {
        const bytes = read(file);
        for (const variant of [0, 1]) {
          const answers: Record<string, string | string[]> = {};
          for (const q of questions) {
            answers[q.variable] = q.is_multiple_selection
              ? q.options.slice(variant)
              : (q.options[variant % q.options.length] ?? '');
          }
          const docx = renderDocx(bytes, answers, {
            questions,
            now: new Date('2026-11-23T10:00:00Z'),
          });
          const hash = createHash('sha256').update(docx).digest('hex');
          expect(hash, `variant ${variant}`).toBe(EXPECTED[`${slug}/${file}/${variant}`]);
        }
      });
    }
  }
});
