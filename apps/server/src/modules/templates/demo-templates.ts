import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ZQuestions } from '@lexpath/shared/schemas/questions';
import { TEMPLATE_STATUS } from '@lexpath/shared/schemas/templates';
import { and, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbExecutor } from '../../db/client.ts';
import { categories, templates } from '../../db/schema.ts';
import { inProcessDocuments } from '../../documents/document-pool.ts';
import { assertSafeDocx } from '../../documents/docx-guard.ts';
import { AppError } from '../../lib/app-error.ts';
import { findCategoryByName } from '../categories/categories.service.ts';
import { storedFileName, storeFile } from '../files/files.service.ts';
import { insertTemplate } from './templates.service.ts';

/** `apps/server/demo-templates/<slug>/`: master.docx, preview.docx, questions.json, template.json. */
export const DEMO_TEMPLATES_DIR = fileURLToPath(
  new URL('../../../demo-templates', import.meta.url),
);

const ZCount = z.number().int().min(0).nullable().optional();

/** template.json of a demo template. */
const ZDemoManifest = z.object({
  name: z.string().trim().min(1),
  description: z.string().trim().min(1),
  category: z.string().trim().min(1),
  price_cents: z.number().int().min(0),
  stripe_url: z.url({ protocol: /^https?$/ }).optional(),
  min_time: ZCount,
  max_time: ZCount,
  min_questions: ZCount,
  max_questions: ZCount,
  /** A document set: the main document's name and the companions, each a .docx of the folder. */
  document_name: z.string().trim().min(1).optional(),
  documents: z
    .array(z.object({ name: z.string().trim().min(1), file: z.string().regex(/^[\w-]+\.docx$/) }))
    .optional(),
});

/** A demo folder that cannot be seeded: a bug of the repository, reported with its folder. */
export class DemoTemplateError extends Error {
  override name = 'DemoTemplateError';
}

async function subfolders(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function categoryIdFor(tx: DbExecutor, name: string): Promise<string> {
  const existing = await findCategoryByName(tx, name);
  if (existing) return existing.id;
  await tx.insert(categories).values({ name }).onConflictDoNothing();
  const created = await findCategoryByName(tx, name);
  if (!created) throw new Error(`category ${name} could not be created`);
  return created.id;
}

async function templateExists(tx: DbExecutor, name: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: templates.id })
    .from(templates)
    .where(and(sql`lower(${templates.name}) = lower(${name})`, isNull(templates.deletedAt)));
  return row !== undefined;
}

async function seedFolder(
  tx: DbExecutor,
  folder: string,
  createdBy: string,
): Promise<'created' | 'skipped'> {
  const read = (file: string) => readFile(path.join(folder, file));
  const [manifestText, questionsText, master, preview] = await Promise.all([
    read('template.json'),
    read('questions.json'),
    read('master.docx'),
    read('preview.docx'),
  ]);
  const manifest = ZDemoManifest.parse(JSON.parse(manifestText.toString('utf8')));
  if (await templateExists(tx, manifest.name)) return 'skipped';
  const questions = ZQuestions.parse(JSON.parse(questionsText.toString('utf8')));
  await assertSafeDocx(master, { fileName: 'master.docx' });
  await assertSafeDocx(preview, { fileName: 'preview.docx' });

  const masterSha = await storeFile(tx, { name: `${manifest.name}.docx`, bytes: master });
  const previewSha = await storeFile(tx, {
    name: `${manifest.name} - anteprima.docx`,
    bytes: preview,
  });
  const companions = [];
  for (const document of manifest.documents ?? []) {
    const bytes = await read(document.file);
    await assertSafeDocx(bytes, { fileName: document.file });
    const sha256 = await storeFile(tx, { name: `${document.name}.docx`, bytes });
    companions.push({ name: document.name, file_name: storedFileName(sha256) });
  }
  // Our own files, linted before the server and its worker pool exist.
  await insertTemplate(tx, inProcessDocuments, {
    name: manifest.name,
    description: manifest.description,
    categoryId: await categoryIdFor(tx, manifest.category),
    priceCents: manifest.price_cents,
    stripeUrl: manifest.stripe_url ?? null,
    status: TEMPLATE_STATUS.published,
    createdBy,
    counts: manifest,
    fileName: storedFileName(masterSha),
    previewName: storedFileName(previewSha),
    questions,
    documentName: manifest.document_name ?? null,
    companions,
  });
  return 'created';
}

/**
 * Seeds the demo templates, PUBLISHED, created by `createdBy`, in their categories (created when
 * missing), with the checks and lint of a save. Idempotent: a template whose name exists is left
 * alone. No folder, or an empty one, seeds nothing. A broken demo folder throws, naming it.
 */
export async function seedDemoTemplates(
  tx: DbExecutor,
  options: { dir?: string; createdBy: string },
): Promise<{ created: string[]; skipped: string[] }> {
  const dir = options.dir ?? DEMO_TEMPLATES_DIR;
  const result = { created: [] as string[], skipped: [] as string[] };
  for (const slug of await subfolders(dir)) {
    try {
      const outcome = await seedFolder(tx, path.join(dir, slug), options.createdBy);
      result[outcome].push(slug);
    } catch (error) {
      const detail =
        error instanceof AppError
          ? [error.userMessage].flat().join('; ')
          : error instanceof Error
            ? error.message
            : String(error);
      throw new DemoTemplateError(`demo template "${slug}" cannot be seeded: ${detail}`, {
        cause: error,
      });
    }
  }
  return result;
}
