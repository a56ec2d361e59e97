import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROLES } from '@lexpath/shared';
import { count } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, files } from '../../db/schema.ts';
import { buildCorpusFiles, CORPUS, CORPUS_FILE_NAMES } from '../../documents/corpus/catalog.ts';
import type { CorpusCase, CorpusRender } from '../../documents/corpus/corpus-case.ts';
import { createPdfPool, type PdfPool } from '../../documents/pdf-pool.ts';
import { decodeXmlText, extractDocumentText } from '../../documents/render.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { uploadMaster } from '../templates/test-templates.ts';

/**
 * The lint corpus (issue 12, item 7): each real-world-shaped master goes through the upload an
 * editor makes, and what the editor reads back is exactly what its source declares. Accepted
 * ones become a template, are downloaded as a test contract and converted to PDF by
 * LibreOffice: the text of `word/document.xml` and the number of pages are checked.
 */

const CORPUS_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../documents/corpus',
);

let ctx: TestContext;
let editor: TestUser;
let categoryId: string;
let pool: PdfPool;

beforeAll(async () => {
  pool = createPdfPool({ size: 1 });
  const [context] = await Promise.all([createTestContext(), pool.warmUp()]);
  ctx = context;
  editor = await ctx.buildUser({ role: ROLES.editor });
  const [category] = await ctx.db
    .insert(categories)
    .values({ name: 'Corpus' })
    .returning({ id: categories.id });
  categoryId = category?.id ?? '';
}, 60_000);

afterAll(async () => {
  await Promise.all([ctx?.close(), pool?.close()]);
});

function committed(slug: string, name: string): Buffer {
  return readFileSync(path.join(CORPUS_DIR, slug, name));
}

async function countFiles(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(files);
  return row?.n ?? 0;
}

/** The text of a part with its markup taken away (a header, a footnote, the title). */
function partText(zip: PizZip, part: string): string {
  return decodeXmlText((zip.file(part)?.asText() ?? '').replace(/<[^>]+>/g, ''));
}

async function expectRendered(
  fixture: CorpusCase,
  templateId: string,
  render: CorpusRender,
): Promise<void> {
  const label = `${fixture.slug} ${JSON.stringify(render.answers)}`;
  const response = await ctx.injectAs(editor)({
    method: 'PUT',
    url: `/api/template/${templateId}/download-test`,
    payload: { answers: render.answers },
  });
  expect(response.statusCode, `${label}: ${response.body}`).toBe(200);
  const docx = response.rawPayload;
  const text = extractDocumentText(docx);
  if (render.lines) expect(text.split('\n'), label).toEqual(render.lines);
  for (const passage of render.includes ?? []) expect(text, label).toContain(passage);
  const zip = new PizZip(docx);
  for (const [part, passages] of Object.entries(render.parts ?? {})) {
    for (const passage of passages)
      expect(partText(zip, part), `${label} ${part}`).toContain(passage);
  }
  const everything = Object.values(zip.files)
    .map((file) => `${file.name}\n${file.asText()}`)
    .join('\n');
  for (const passage of render.excludes ?? []) expect(everything, label).not.toContain(passage);
  for (const part of render.withoutParts ?? [])
    expect(zip.file(part), `${label} ${part}`).toBeNull();

  const pdf = await pool.convertDocxToPdf(docx);
  const pages = (await PDFDocument.load(pdf)).getPageCount();
  expect(pages, `${label}: PDF pages`).toBe(render.pages);
}

describe('lint corpus', () => {
  it('has up-to-date committed files (rebuilding from the sources gives the same bytes)', () => {
    for (const fixture of CORPUS) {
      const rebuilt = buildCorpusFiles(fixture);
      for (const name of CORPUS_FILE_NAMES) {
        expect(rebuilt[name].equals(committed(fixture.slug, name)), `${fixture.slug}/${name}`).toBe(
          true,
        );
      }
    }
  });

  it('covers every outcome: refused, warned and handled', () => {
    const outcomes = new Set(CORPUS.map((fixture) => fixture.outcome));
    expect([...outcomes].sort()).toEqual(['handled', 'refused', 'warned']);
    for (const fixture of CORPUS) {
      expect(fixture.outcome === 'refused', fixture.slug).toBe(fixture.lint.errors.length > 0);
      expect(fixture.outcome === 'warned', fixture.slug).toBe(
        fixture.lint.errors.length === 0 && fixture.lint.warnings.length > 0,
      );
      if (fixture.outcome !== 'refused') expect(fixture.renders?.length, fixture.slug).toBeTruthy();
    }
  });

  describe.each(CORPUS.map((fixture) => [fixture.slug, fixture] as const))(
    '%s',
    (slug, fixture) => {
      it(`${fixture.outcome}: ${fixture.description}`, async () => {
        const before = await countFiles();
        const response = await uploadMaster(ctx, editor, {
          questions: fixture.questions,
          master: { filename: `${slug}.docx`, content: committed(slug, 'master.docx') },
          preview: { filename: `${slug} anteprima.docx`, content: committed(slug, 'preview.docx') },
        });

        if (fixture.outcome === 'refused') {
          expect(response.statusCode, response.body).toBe(422);
          const { message } = response.json();
          expect(Array.isArray(message) ? message : [message]).toEqual(fixture.lint.errors);
          expect(await countFiles()).toBe(before);
          return;
        }
        expect(response.statusCode, response.body).toBe(200);
        const { file_name, preview_name, warnings } = response.json().data;
        expect(warnings).toEqual(fixture.lint.warnings);

        const created = await ctx.injectAs(editor)({
          method: 'POST',
          url: '/api/template',
          payload: {
            name: `Corpus ${slug}`,
            description: fixture.description,
            categoryId,
            price: '10,50',
            stripe_url: 'https://buy.stripe.com/test_corpus',
            json_questions: fixture.questions,
            file_name,
            preview_name,
          },
        });
        expect(created.statusCode, created.body).toBe(201);
        for (const render of fixture.renders ?? []) {
          await expectRendered(fixture, created.json().data.id, render);
        }
      }, 30_000);
    },
  );
});
