import {
  findNextQuestionAfterValid,
  it,
  pruneAnswers,
  type TQuestion,
  validateAnswers,
} from '@lexpath/shared';
import type { TAnswers } from '@lexpath/shared/schemas/questions';
import {
  TEMPLATE_STATUS,
  type TNextQuestion,
  type TTemplateStatus,
} from '@lexpath/shared/schemas/templates';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { templates, templateVersions } from '../../db/schema.ts';
import type { DocumentWork } from '../../documents/document-pool.ts';
import type { PdfPool } from '../../documents/pdf-pool.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChangeAwareCache } from '../../lib/change-aware-cache.ts';
import { isUuid } from '../../lib/ids.ts';
import { LruCache } from '../../lib/lru-cache.ts';
import { type Caller, mayUseUnpublishedTemplates } from '../../policy.ts';
import { readFileBytes } from '../files/files.service.ts';
import { oneOrList } from '../files/upload-master.service.ts';

const notFound = () => new AppError('notFound', it.errors.notFound);

/**
 * Parsed question lists by version id. A version never changes (a trigger refuses UPDATE), so an
 * entry is never stale; the bound only caps memory. Every questionnaire step reads one.
 */
const versionQuestions = new LruCache<string, TQuestion[]>(1000);

/** The questions of a template version, from memory after the first read. */
export async function loadVersionQuestions(
  db: DbExecutor,
  versionId: string,
): Promise<TQuestion[]> {
  const cached = versionQuestions.get(versionId);
  if (cached) return cached;
  const [row] = await db
    .select({ jsonQuestions: templateVersions.jsonQuestions })
    .from(templateVersions)
    .where(eq(templateVersions.id, versionId));
  if (!row) throw notFound();
  // Validated by ZQuestions when the version was saved.
  versionQuestions.set(versionId, row.jsonQuestions);
  return row.jsonQuestions;
}

/** The template of each version read, for the same reason never stale. */
const versionTemplates = new LruCache<string, string>(1000);

async function templateOfVersion(db: DbExecutor, versionId: string): Promise<string | undefined> {
  const cached = versionTemplates.get(versionId);
  if (cached || !isUuid(versionId)) return cached;
  const [row] = await db
    .select({ templateId: templateVersions.templateId })
    .from(templateVersions)
    .where(eq(templateVersions.id, versionId));
  if (row) versionTemplates.set(versionId, row.templateId);
  return row?.templateId;
}

export type CurrentVersion = {
  templateId: string;
  name: string;
  versionId: string;
  masterSha256: string;
  masterName: string;
  /** The master's own hash when the template has no preview file of its own. */
  previewSha256: string;
};

export type CurrentVersionRow = CurrentVersion & { status: TTemplateStatus };

async function readCurrentVersion(
  db: DbExecutor,
  templateId: string,
): Promise<CurrentVersionRow | undefined> {
  const [row] = await db
    .select({
      templateId: templates.id,
      name: templates.name,
      status: templates.status,
      versionId: templateVersions.id,
      masterSha256: templateVersions.masterSha256,
      masterName: templateVersions.masterName,
      previewSha256: templateVersions.previewSha256,
    })
    .from(templates)
    .innerJoin(templateVersions, eq(templateVersions.id, templates.currentVersionId))
    .where(and(eq(templates.id, templateId), isNull(templates.deletedAt)));
  return row;
}

/**
 * The template's current version as `viewer` may use it: customers only reach published
 * templates; admins and editors every template that is not deleted (the test flow). 404 else.
 * With `cache` (the questionnaire's steps) the row may come from memory.
 */
export async function findCurrentVersion(
  db: DbExecutor,
  viewer: Caller,
  templateId: string,
  cache?: ChangeAwareCache<CurrentVersionRow | undefined>,
): Promise<CurrentVersion> {
  if (!isUuid(templateId)) throw notFound();
  const row = cache
    ? await cache.get(templateId, () => readCurrentVersion(db, templateId))
    : await readCurrentVersion(db, templateId);
  const { status: _status, ...version } = usableVersion(viewer, row);
  return version;
}

/** The row if `viewer` may use the template: customers only published ones. 404 otherwise. */
function usableVersion(viewer: Caller, row: CurrentVersionRow | undefined): CurrentVersionRow {
  if (!row) throw notFound();
  if (!mayUseUnpublishedTemplates(viewer) && row.status !== TEMPLATE_STATUS.published)
    throw notFound();
  return row;
}

/**
 * The answers, accepted only as the questionnaire allows them (DESIGN §5, §12): known keys,
 * visible questions, values among the options or typed answers in canonical form, one value or a
 * non-empty list as the question says. The rules are the shared ones, which read any JSON value;
 * 422 with the Italian reasons, naming the questions, otherwise.
 */
export function checkAnswers(
  questions: readonly TQuestion[],
  raw: Record<string, unknown>,
): TAnswers {
  const problems = validateAnswers(questions, raw);
  if (problems.length > 0) throw new AppError('unprocessable', oneOrList(problems));
  return raw as TAnswers;
}

/**
 * POST /contract/questions?type={templateId}: the next question after the given answers, or
 * null when the questionnaire is finished. The question is the version's own object (cached,
 * never changed): `nextQuestionJson` turns it into the answer.
 */
export async function findNextTemplateQuestion(
  db: DbExecutor,
  viewer: Caller,
  templateId: string,
  raw: Record<string, unknown>,
  cache?: ChangeAwareCache<CurrentVersionRow | undefined>,
): Promise<TQuestion | null> {
  const version = await findCurrentVersion(db, viewer, templateId, cache);
  const questions = await loadVersionQuestions(db, version.versionId);
  const answers = checkAnswers(questions, raw);
  return findNextQuestionAfterValid(questions, answers);
}

/**
 * POST /contract/questions?type=&version=: the next question of a draft resumed on the version it
 * started with, after the template got a newer one (its answers were checked against that one).
 * The template must still be usable by the viewer, and the version its own: 404 otherwise.
 */
export async function findNextVersionQuestion(
  db: DbExecutor,
  viewer: Caller,
  templateId: string,
  versionId: string,
  raw: Record<string, unknown>,
  cache?: ChangeAwareCache<CurrentVersionRow | undefined>,
): Promise<TQuestion | null> {
  await findCurrentVersion(db, viewer, templateId, cache);
  if ((await templateOfVersion(db, versionId)) !== templateId) throw notFound();
  const questions = await loadVersionQuestions(db, versionId);
  return findNextQuestionAfterValid(questions, checkAnswers(questions, raw));
}

/**
 * The questions a questionnaire step asks from: the template's current version, or a draft's own
 * `versionId` (the template still usable by the viewer, the version its own; 404 otherwise).
 */
export async function loadAskedQuestions(
  db: DbExecutor,
  viewer: Caller,
  templateId: string,
  versionId: string | undefined,
  cache?: ChangeAwareCache<CurrentVersionRow | undefined>,
): Promise<TQuestion[]> {
  const version = await findCurrentVersion(db, viewer, templateId, cache);
  if (versionId === undefined) return loadVersionQuestions(db, version.versionId);
  if ((await templateOfVersion(db, versionId)) !== templateId) throw notFound();
  return loadVersionQuestions(db, versionId);
}

/**
 * `findNextTemplateQuestion` when the template's current version and its questions are both in
 * memory, as for every step after a questionnaire's first: the same checks and the same errors,
 * settled without a promise. Undefined when something must be read first (the caller then takes
 * `findNextTemplateQuestion`).
 */
export function findNextTemplateQuestionInMemory(
  viewer: Caller,
  templateId: string,
  raw: Record<string, unknown>,
  cache: ChangeAwareCache<CurrentVersionRow | undefined>,
): TQuestion | null | undefined {
  if (!isUuid(templateId)) throw notFound();
  const held = cache.peek(templateId);
  if (!held) return undefined;
  const version = usableVersion(viewer, held.value);
  const questions = versionQuestions.get(version.versionId);
  if (!questions) return undefined;
  return findNextQuestionAfterValid(questions, checkAnswers(questions, raw));
}

/**
 * What the questionnaire shows of a question (SPEC §3). A typed question (DESIGN §12) also
 * carries its `type` and what asking it needs; a question without one is sent exactly as the
 * SPEC's, with no key added but `obbligatoria: false` when it may be skipped.
 */
export function toNextQuestion(question: TQuestion): TNextQuestion {
  const spec = {
    description: question.description ?? null,
    question: question.question,
    variable: question.variable,
    options: question.options ?? [],
    is_multiple_selection:
      question.type === undefined || question.type === 'scelta'
        ? question.is_multiple_selection
        : false,
  };
  if (question.type === undefined) {
    // A party's genere, for one, is a choice: it carries its mark as typed questions do.
    const choice = question.obbligatoria === false ? { ...spec, obbligatoria: false } : spec;
    return question.parte ? { ...choice, parte: question.parte } : choice;
  }
  const { variable: _v, question: _q, description: _d, required_answers: _r, ...typed } = question;
  return { ...spec, ...typed } as TNextQuestion;
}

const FINISHED_JSON = JSON.stringify({ data: null });

/**
 * The JSON body of a questionnaire step, `{"data": …}`, made once per question of a cached
 * version: versions never change, so every later step sends the same bytes without serializing.
 */
const nextQuestionBodies = new WeakMap<TQuestion, string>();

export function nextQuestionJson(question: TQuestion | null): string {
  if (!question) return FINISHED_JSON;
  let body = nextQuestionBodies.get(question);
  if (body === undefined) {
    body = JSON.stringify({ data: toNextQuestion(question) });
    nextQuestionBodies.set(question, body);
  }
  return body;
}

export type DocxDownload = { bytes: Buffer; fileName: string };

function withDocxExtension(name: string): string {
  return /\.docx$/i.test(name) ? name : `${name}.docx`;
}

/** GET /template/download/{id} (admins and editors): the current master as uploaded. */
export async function downloadTemplateMaster(
  db: DbExecutor,
  viewer: Caller,
  templateId: string,
): Promise<DocxDownload> {
  const version = await findCurrentVersion(db, viewer, templateId);
  return {
    bytes: await readFileBytes(db, version.masterSha256),
    fileName: withDocxExtension(version.masterName || version.name),
  };
}

/**
 * PUT /template/{id}/download-test (admins and editors): the current master rendered with the
 * answers, checked as the questionnaire checks them. Named "<title> - prova - <date>.docx".
 */
export async function renderTestDocument(
  db: DbExecutor,
  documents: DocumentWork,
  viewer: Caller,
  templateId: string,
  raw: Record<string, unknown>,
  now: Date = new Date(),
): Promise<DocxDownload> {
  const version = await findCurrentVersion(db, viewer, templateId);
  const questions = await loadVersionQuestions(db, version.versionId);
  const answers = pruneAnswers(questions, checkAnswers(questions, raw));
  const master = await readFileBytes(db, version.masterSha256);
  const bytes = await documents.render(master, answers, {
    cacheKey: version.masterSha256,
    questions,
    now,
  });
  const date = now.toISOString().slice(0, 10);
  return { bytes, fileName: `${version.name} - prova - ${date}.docx` };
}

/**
 * PUT /template/{id}/preview-test: the current version's preview rendered with the staff's test
 * answers, as the lawyer sees it (page pictures, no text to copy). The answers are checked as in
 * the questionnaire; a place in the conversion queue is claimed before any work, as for a
 * contract's preview, and nothing is cached (test answers change at every try).
 */
export async function renderTestPreview(
  db: DbExecutor,
  documents: DocumentWork,
  pdfPool: PdfPool,
  viewer: Caller,
  templateId: string,
  raw: Record<string, unknown>,
  now: Date = new Date(),
): Promise<Buffer> {
  const version = await findCurrentVersion(db, viewer, templateId);
  const questions = await loadVersionQuestions(db, version.versionId);
  const answers = pruneAnswers(questions, checkAnswers(questions, raw));
  const place = pdfPool.reserve('page-images');
  try {
    const preview = await readFileBytes(db, version.previewSha256);
    const docx = await documents.render(preview, answers, {
      cacheKey: version.previewSha256,
      questions,
      now,
      uncompressed: true,
    });
    return await place.convert(docx);
  } finally {
    place.release();
  }
}
