import { computeQuestionRange } from '@lexpath/shared';
import { ZQuestions } from '@lexpath/shared/schemas/questions';
import { accordoRiservatezza } from './accordo-riservatezza/source.ts';
import { conferimentoIncarico } from './conferimento-incarico/source.ts';
import type { DemoTemplateSource } from './demo-template.ts';
import { buildDemoDocx } from './docx-package.ts';
import { locazioneAbitativa } from './locazione-abitativa/source.ts';
import { prestazioneOperaProfessionale } from './prestazione-opera-professionale/source.ts';

/** The demo contracts, in the order the catalogue shows them. */
export const DEMO_TEMPLATES: readonly DemoTemplateSource[] = [
  locazioneAbitativa,
  accordoRiservatezza,
  prestazioneOperaProfessionale,
  conferimentoIncarico,
];

/** What the templates API needs besides the files (SPEC §3, Template). */
export type DemoTemplateMetadata = {
  name: string;
  description: string;
  category: string;
  price_cents: number;
  min_time: number;
  max_time: number;
  min_questions: number;
  max_questions: number;
  /** A document set only: the main document's name and the companions' names and files. */
  document_name?: string;
  documents?: { name: string; file: string }[];
};

/** The file of a set's companion document `position` (2, 3…) in the demo's folder. */
export function companionFileName(position: number): string {
  return `document-${position}.docx`;
}

export const DEMO_TEMPLATE_FILE_NAMES = [
  'master.docx',
  'preview.docx',
  'questions.json',
  'template.json',
] as const;
export type DemoTemplateFileName = (typeof DEMO_TEMPLATE_FILE_NAMES)[number];

const JSON_LINE_WIDTH = 100;

/**
 * JSON laid out as Biome formats it (biome.json: 2 spaces, 100 columns), so the generated files
 * pass `biome check` as written: objects one key a line, arrays of plain values on one line when
 * the whole line fits. `column` is where the value starts, `after` the characters that follow it.
 */
function formatJson(value: unknown, indent = '', column = 0, after = 0): string {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const plain = value.every((item) => item === null || typeof item !== 'object');
    const flat = `[${value.map((item) => JSON.stringify(item)).join(', ')}]`;
    if (plain && column + flat.length + after <= JSON_LINE_WIDTH) return flat;
    const items = value.map(
      (item, index) =>
        `${inner}${formatJson(item, inner, inner.length, index < value.length - 1 ? 1 : 0)}`,
    );
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const lines = entries.map(([key, item], index) => {
      const start = `${inner}${JSON.stringify(key)}: `;
      return `${start}${formatJson(item, inner, start.length, index < entries.length - 1 ? 1 : 0)}`;
    });
    return `{\n${lines.join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

function toJson(value: unknown): Buffer {
  return Buffer.from(`${formatJson(value)}\n`, 'utf8');
}

export function describeDemoTemplate(source: DemoTemplateSource): DemoTemplateMetadata {
  const range = computeQuestionRange(source.questions);
  return {
    name: source.name,
    description: source.description,
    category: source.category,
    price_cents: source.priceCents,
    min_time: source.minTime,
    max_time: source.maxTime,
    min_questions: range.min,
    max_questions: range.max,
    ...(source.documentName ? { document_name: source.documentName } : {}),
    ...(source.companions?.length
      ? {
          documents: source.companions.map((companion, index) => ({
            name: companion.name,
            file: companionFileName(index + 2),
          })),
        }
      : {}),
  };
}

/**
 * Every generated file of a demo template, byte for byte as committed under
 * `demo-templates/<slug>/`. Throws when the question list breaks the shared rules.
 */
export function buildDemoTemplateFiles(
  source: DemoTemplateSource,
): Record<DemoTemplateFileName, Buffer> & Record<string, Buffer> {
  const questions = ZQuestions.parse(source.questions);
  const companions = Object.fromEntries(
    (source.companions ?? []).map((companion, index) => [
      companionFileName(index + 2),
      buildDemoDocx({ title: companion.name, paragraphs: companion.paragraphs, variant: 'master' }),
    ]),
  );
  return {
    ...companions,
    'master.docx': buildDemoDocx({
      title: source.name,
      paragraphs: source.paragraphs,
      variant: 'master',
    }),
    'preview.docx': buildDemoDocx({
      title: source.name,
      paragraphs: source.paragraphs,
      variant: 'preview',
    }),
    'questions.json': toJson(questions),
    'template.json': toJson(describeDemoTemplate(source)),
  };
}
