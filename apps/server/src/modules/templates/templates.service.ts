import { computeQuestionRange, it, type TQuestion } from '@lexpath/shared';
import { countPages } from '@lexpath/shared/schemas/pagination';
import {
  TEMPLATE_STATUS,
  type TTemplateCard,
  type TTemplateCreate,
  type TTemplateDetail,
  type TTemplateStatus,
  type TTemplatesFilter,
  type TTemplateUpdate,
} from '@lexpath/shared/schemas/templates';
import {
  and,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client.ts';
import { likePattern } from '../../db/like-pattern.ts';
import {
  categories,
  templateDocuments,
  templates,
  templateVersions,
  users,
} from '../../db/schema.ts';
import type { DocumentWork } from '../../documents/document-pool.ts';
import { AppError } from '../../lib/app-error.ts';
import { canonicalJson } from '../../lib/canonical-json.ts';
import { isUuid } from '../../lib/ids.ts';
import { type Caller, maySeeTemplateConfig, mayUseUnpublishedTemplates } from '../../policy.ts';
import { AUDIT_ACTIONS, recordAudit } from '../audit/audit.service.ts';
import {
  findFiles,
  readFileBytes,
  sha256OfStoredName,
  storedFileName,
} from '../files/files.service.ts';
import { assertDistinctFiles } from '../files/upload-master.service.ts';

/**
 * Completion time offered when the editor gives none: about a minute per question, the pace of
 * a lawyer reading each question and its options once.
 */
export const MINUTES_PER_QUESTION = 1;

const notFound = () => new AppError('notFound', it.errors.notFound);

// ---------------------------------------------------------------------------------------------
// Reading

const cardColumns = {
  id: templates.id,
  name: templates.name,
  description: templates.description,
  priceCents: templates.priceCents,
  categoryId: templates.categoryId,
  categoryName: categories.name,
  status: templates.status,
  minTime: templates.minTime,
  maxTime: templates.maxTime,
  minQuestions: templates.minQuestions,
  maxQuestions: templates.maxQuestions,
  stripeUrl: templates.stripeUrl,
  createdAt: templates.createdAt,
  updatedAt: templates.updatedAt,
  creatorName: users.name,
  creatorSurname: users.surname,
  versionCreatedAt: templateVersions.createdAt,
  openLists: sql<boolean>`exists (
    select 1 from jsonb_array_elements(${templateVersions.jsonQuestions}) as question
    where question->>'type' = 'elenco'
      and jsonb_typeof(question->'max_items') is distinct from 'number'
  )`,
};

type CardRow = Awaited<ReturnType<typeof selectCards>>[number];

function toCard(row: CardRow, caller: Caller): TTemplateCard {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.priceCents / 100,
    price_cents: row.priceCents,
    categoryId:
      row.categoryId && row.categoryName !== null
        ? { id: row.categoryId, name: row.categoryName }
        : null,
    status: row.status,
    min_time: row.minTime,
    max_time: row.maxTime,
    min_questions: row.minQuestions,
    max_questions: row.maxQuestions,
    open_lists: row.openLists,
    // The payment link is configuration: the cart gets it with the contract, not from lists.
    ...(maySeeTemplateConfig(caller) ? { stripe_url: row.stripeUrl } : {}),
    userId: { name: row.creatorName, surname: row.creatorSurname },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    latestVersionAt: row.versionCreatedAt.toISOString(),
  };
}

/** Templates with their creator, category and current version, as the cards need them. */
function selectCards(db: DbExecutor) {
  return db
    .select(cardColumns)
    .from(templates)
    .innerJoin(users, eq(users.id, templates.createdBy))
    .innerJoin(templateVersions, eq(templateVersions.id, templates.currentVersionId))
    .leftJoin(categories, eq(categories.id, templates.categoryId));
}

/**
 * GET /template: newest first. Customers see published templates only (whatever they ask);
 * admins and editors see every template that is not deleted, and may filter by status.
 */
export async function listTemplates(
  db: DbExecutor,
  caller: Caller,
  query: TTemplatesFilter,
): Promise<{ results: TTemplateCard[]; page: number; totalPages: number }> {
  const filters: SQL[] = [isNull(templates.deletedAt), isNotNull(templates.currentVersionId)];
  const status = mayUseUnpublishedTemplates(caller) ? query.status : TEMPLATE_STATUS.published;
  if (status) filters.push(eq(templates.status, status));
  if (query.name) filters.push(ilike(templates.name, likePattern(query.name)));
  if (query.categoryId) {
    // A malformed id matches nothing, like an unknown one.
    if (!isUuid(query.categoryId)) {
      return { results: [], page: query.page, totalPages: 1 };
    }
    filters.push(eq(templates.categoryId, query.categoryId));
  }
  const where = and(...filters);
  const order = [desc(templates.createdAt), desc(templates.id)];
  // The page is cut from the catalogue's index of templates alone, then joined: joined first,
  // a deep page joined every row it skipped (page 500 of 10,000: ~6,000 creators, versions and
  // categories read to show 12; issue 13). Every row joins (creator and version are required).
  const page = db
    .select({ id: templates.id })
    .from(templates)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [rows, [total]] = await Promise.all([
    selectCards(db)
      .where(inArray(templates.id, page))
      .orderBy(...order),
    db.select({ n: count() }).from(templates).where(where),
  ]);
  return {
    results: rows.map((row) => toCard(row, caller)),
    page: query.page,
    totalPages: countPages(total?.n ?? 0, query.limit),
  };
}

/** The version's own preview, or nulls when the master serves for it. */
function previewOf(version: { masterSha256: string; previewSha256: string; previewName: string }) {
  const own = version.previewSha256 !== version.masterSha256;
  return {
    preview_name: own ? storedFileName(version.previewSha256) : null,
    preview_title: own ? version.previewName : null,
  };
}

/** GET /template/{id} (admins and editors): the card plus questions, files and version. */
export async function getTemplateDetail(
  db: DbExecutor,
  caller: Caller,
  id: string,
): Promise<TTemplateDetail> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select({
      ...cardColumns,
      versionId: templateVersions.id,
      documentName: templateVersions.documentName,
      jsonQuestions: templateVersions.jsonQuestions,
      masterSha256: templateVersions.masterSha256,
      previewSha256: templateVersions.previewSha256,
      masterName: templateVersions.masterName,
      previewName: templateVersions.previewName,
      // Compared in SQL: JavaScript dates would drop the microseconds.
      versionNumber:
        sql<number>`(select count(*) from ${templateVersions} v where v.template_id = ${templates.id} and v.created_at <= ${templateVersions.createdAt})`.mapWith(
          Number,
        ),
    })
    .from(templates)
    .innerJoin(users, eq(users.id, templates.createdBy))
    .innerJoin(templateVersions, eq(templateVersions.id, templates.currentVersionId))
    .leftJoin(categories, eq(categories.id, templates.categoryId))
    .where(and(eq(templates.id, id), isNull(templates.deletedAt)));
  if (!row) throw notFound();
  const companions = await findCompanions(db, row.versionId);
  return {
    ...toCard(row, caller),
    stripe_url: row.stripeUrl,
    json_questions: row.jsonQuestions,
    file_name: storedFileName(row.masterSha256),
    ...previewOf(row),
    file_title: row.masterName,
    document_name: row.documentName,
    documents: companions.map((companion) => ({
      name: companion.name,
      file_name: storedFileName(companion.masterSha256),
      file_title: companion.masterName,
    })),
    version: {
      id: row.versionId,
      number: row.versionNumber,
      createdAt: row.versionCreatedAt.toISOString(),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Writing

type PreparedVersion = {
  master: { sha256: string; name: string };
  /** The master itself when the template has no preview file of its own. */
  preview: { sha256: string; name: string };
  questions: TQuestion[];
  documentName: string | null;
  companions: { name: string; sha256: string; fileName: string }[];
};

/** A set's companion documents as the payload names them: the name and the stored file. */
export type CompanionInput = { name: string; file_name: string };

/** A version's companion documents (2, 3…) in order; none for a template of one document. */
export function findCompanions(db: DbExecutor, versionId: string) {
  return db
    .select({
      position: templateDocuments.position,
      name: templateDocuments.name,
      masterSha256: templateDocuments.masterSha256,
      masterName: templateDocuments.masterName,
    })
    .from(templateDocuments)
    .where(eq(templateDocuments.versionId, versionId))
    .orderBy(templateDocuments.position);
}

const FILE_LABELS = it.documents.fileNames;

/**
 * The content of a new version, checked as on upload (DESIGN §6): the files stored (and locked
 * against delete-master until the transaction ends), a preview of its own different from the
 * master, and a clean lint against the questions. Without a preview the master serves for it (the
 * version stores the master's hash twice). 422 with the list of problems otherwise.
 */
async function prepareVersion(
  tx: DbExecutor,
  documents: DocumentWork,
  input: {
    fileName: string;
    previewName: string | null;
    questions: TQuestion[];
    documentName: string | null;
    companions: readonly CompanionInput[];
  },
): Promise<PreparedVersion> {
  const masterSha = sha256OfStoredName(input.fileName);
  const previewSha = input.previewName === null ? null : sha256OfStoredName(input.previewName);
  if (!masterSha)
    throw new AppError('unprocessable', it.templates.fileNotFound(FILE_LABELS.master));
  if (input.previewName !== null && !previewSha)
    throw new AppError('unprocessable', it.templates.fileNotFound(FILE_LABELS.preview));
  const companionLabel = (index: number) =>
    it.documentSets.label(index + 2, input.companions[index]?.name ?? '');
  const companionShas = input.companions.map((companion, index) => {
    const sha = sha256OfStoredName(companion.file_name);
    if (!sha || sha === masterSha) {
      throw new AppError(
        'unprocessable',
        sha
          ? it.documentSets.sameFileTwice(companion.name)
          : it.templates.fileNotFound(companionLabel(index)),
      );
    }
    return sha;
  });
  const stored = await findFiles(
    tx,
    [masterSha, ...(previewSha ? [previewSha] : []), ...companionShas],
    { lock: true },
  );
  const master = stored.get(masterSha);
  const preview = previewSha ? stored.get(previewSha) : undefined;
  if (!master) throw new AppError('unprocessable', it.templates.fileNotFound(FILE_LABELS.master));
  if (previewSha && !preview)
    throw new AppError('unprocessable', it.templates.fileNotFound(FILE_LABELS.preview));
  assertDistinctFiles(master, preview);
  const companions = companionShas.map((sha, index) => {
    const file = stored.get(sha);
    if (!file)
      throw new AppError('unprocessable', it.templates.fileNotFound(companionLabel(index)));
    return { label: companionLabel(index), file };
  });
  const { errors } = await documents.lint({
    master: master.bytes,
    preview: preview?.bytes,
    questions: input.questions,
    companions: companions.map(({ label, file }) => ({ label, bytes: file.bytes })),
  });
  if (errors.length > 0) throw new AppError('unprocessable', errors);
  const masterFile = { sha256: master.sha256, name: master.name };
  return {
    master: masterFile,
    preview: preview ? { sha256: preview.sha256, name: preview.name } : masterFile,
    questions: input.questions,
    documentName: input.documentName,
    companions: companions.map(({ file }, index) => ({
      name: input.companions[index]?.name ?? '',
      sha256: file.sha256,
      fileName: file.name,
    })),
  };
}

async function assertCategoryExists(tx: DbExecutor, categoryId: string): Promise<void> {
  const [row] = isUuid(categoryId)
    ? await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, categoryId))
        .for('key share')
    : [];
  if (!row) throw new AppError('unprocessable', it.templates.categoryNotFound);
}

type Counts = {
  minTime: number | null;
  maxTime: number | null;
  minQuestions: number | null;
  maxQuestions: number | null;
};

type CountsInput = {
  min_time?: number | null;
  max_time?: number | null;
  min_questions?: number | null;
  max_questions?: number | null;
};

/**
 * min/max questions and time: the editor's number when given; computed when null or empty (and,
 * on an update, when omitted and the questions changed); the current value otherwise.
 */
function resolveCounts(
  input: CountsInput,
  questions: readonly TQuestion[],
  current: Counts | null,
  questionsChanged: boolean,
): Counts {
  const recompute = (value: number | null | undefined) =>
    value === null || (value === undefined && (current === null || questionsChanged));
  const range = computeQuestionRange(questions);
  const pick = (
    value: number | null | undefined,
    currentValue: number | null | undefined,
    computed: number,
  ) => (typeof value === 'number' ? value : recompute(value) ? computed : (currentValue ?? null));
  const minQuestions = pick(input.min_questions, current?.minQuestions, range.min);
  const maxQuestions = pick(input.max_questions, current?.maxQuestions, range.max);
  const minTime = pick(
    input.min_time,
    current?.minTime,
    Math.max(1, (minQuestions ?? range.min) * MINUTES_PER_QUESTION),
  );
  const maxTime = pick(
    input.max_time,
    current?.maxTime,
    Math.max(minTime ?? 1, (maxQuestions ?? range.max) * MINUTES_PER_QUESTION),
  );
  if (minQuestions !== null && maxQuestions !== null && minQuestions > maxQuestions) {
    throw new AppError('invalid', it.templates.questionRangeInverted);
  }
  if (minTime !== null && maxTime !== null && minTime > maxTime) {
    throw new AppError('invalid', it.templates.timeRangeInverted);
  }
  return { minTime, maxTime, minQuestions, maxQuestions };
}

/** Appends an immutable version and points the template at it. */
async function addVersion(
  tx: DbExecutor,
  templateId: string,
  version: PreparedVersion,
  createdBy: string,
): Promise<string> {
  const [row] = await tx
    .insert(templateVersions)
    .values({
      templateId,
      masterSha256: version.master.sha256,
      previewSha256: version.preview.sha256,
      masterName: version.master.name,
      previewName: version.preview.name,
      jsonQuestions: version.questions,
      documentName: version.documentName,
      createdBy,
    })
    .returning({ id: templateVersions.id });
  if (!row) throw new Error('insert returned no row');
  if (version.companions.length > 0) {
    await tx.insert(templateDocuments).values(
      version.companions.map((companion, index) => ({
        versionId: row.id,
        position: index + 2,
        name: companion.name,
        masterSha256: companion.sha256,
        masterName: companion.fileName,
      })),
    );
  }
  await tx.update(templates).set({ currentVersionId: row.id }).where(eq(templates.id, templateId));
  return row.id;
}

export type NewTemplate = {
  name: string;
  description: string;
  categoryId: string;
  priceCents: number;
  stripeUrl: string | null;
  status: TTemplateStatus;
  createdBy: string;
  counts: CountsInput;
  fileName: string;
  /** null: the master serves as the preview. */
  previewName: string | null;
  questions: TQuestion[];
  /** A document set: the main document's name (null: the template's) and the other documents. */
  documentName?: string | null;
  companions?: readonly CompanionInput[];
};

/**
 * A template and its first version, in the caller's transaction: the checks of a save (category,
 * files, lint), shared by POST /template and the demo seed.
 */
export async function insertTemplate(
  tx: DbExecutor,
  documents: DocumentWork,
  input: NewTemplate,
): Promise<{ id: string; versionId: string }> {
  await assertCategoryExists(tx, input.categoryId);
  const version = await prepareVersion(tx, documents, {
    ...input,
    documentName: input.documentName ?? null,
    companions: input.companions ?? [],
  });
  const counts = resolveCounts(input.counts, input.questions, null, true);
  const [row] = await tx
    .insert(templates)
    .values({
      name: input.name,
      description: input.description,
      categoryId: input.categoryId,
      priceCents: input.priceCents,
      stripeUrl: input.stripeUrl,
      status: input.status,
      createdBy: input.createdBy,
      ...counts,
    })
    .returning({ id: templates.id });
  if (!row) throw new Error('insert returned no row');
  const versionId = await addVersion(tx, row.id, version, input.createdBy);
  return { id: row.id, versionId };
}

/** POST /template: a new template, SUSPENDED until someone publishes it, with version 1. */
export async function createTemplate(
  db: Database,
  documents: DocumentWork,
  actor: Caller,
  input: TTemplateCreate,
): Promise<TTemplateDetail> {
  const id = await db.transaction(async (tx) => {
    const created = await insertTemplate(tx, documents, {
      name: input.name,
      description: input.description,
      categoryId: input.categoryId,
      priceCents: input.price_cents,
      stripeUrl: input.stripe_url ?? null,
      status: TEMPLATE_STATUS.suspended,
      createdBy: actor.id,
      counts: input,
      fileName: input.file_name,
      previewName: input.preview_name ?? null,
      questions: input.json_questions,
      documentName: input.document_name ?? null,
      companions: input.documents ?? [],
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: AUDIT_ACTIONS.templateCreated,
      target: { type: 'template', id: created.id },
      details: { name: input.name, versionId: created.versionId },
    });
    return created.id;
  });
  return getTemplateDetail(db, actor, id);
}

async function lockTemplate(tx: DbExecutor, id: string) {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx
    .select()
    .from(templates)
    .where(and(eq(templates.id, id), isNull(templates.deletedAt)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * PUT /template/{id}. A change of the master, the preview or the questions appends a new
 * immutable version (checked and linted like the first one) and points the template at it;
 * versions already used by contracts stay as they are. Other fields only update the template.
 */
export async function updateTemplate(
  db: Database,
  documents: DocumentWork,
  actor: Caller,
  id: string,
  input: TTemplateUpdate,
): Promise<TTemplateDetail> {
  await db.transaction(async (tx) => {
    const current = await lockTemplate(tx, id);
    const [version] = current.currentVersionId
      ? await tx
          .select()
          .from(templateVersions)
          .where(eq(templateVersions.id, current.currentVersionId))
      : [];
    if (!version) throw new Error(`template ${id} has no current version`);

    const currentQuestions = version.jsonQuestions;
    const fileName = input.file_name ?? storedFileName(version.masterSha256);
    // Omitted: the current preview, or the (possibly new) master when the master served for it.
    const previewName =
      input.preview_name === undefined ? previewOf(version).preview_name : input.preview_name;
    const questions = input.json_questions ?? currentQuestions;
    const questionsChanged = canonicalJson(questions) !== canonicalJson(currentQuestions);
    const documentName =
      input.document_name === undefined ? version.documentName : input.document_name;
    const currentCompanions = (await findCompanions(tx, version.id)).map((companion) => ({
      name: companion.name,
      file_name: storedFileName(companion.masterSha256),
    }));
    const companions = input.documents ?? currentCompanions;
    const contentChanged =
      questionsChanged ||
      fileName !== storedFileName(version.masterSha256) ||
      previewName !== previewOf(version).preview_name ||
      documentName !== version.documentName ||
      canonicalJson(companions) !== canonicalJson(currentCompanions);

    if (input.categoryId !== undefined && input.categoryId !== current.categoryId) {
      await assertCategoryExists(tx, input.categoryId);
    }
    const counts = resolveCounts(input, questions, current, questionsChanged);
    const next = {
      name: input.name ?? current.name,
      description: input.description ?? current.description,
      categoryId: input.categoryId ?? current.categoryId,
      priceCents: input.price_cents ?? current.priceCents,
      // null (sent empty) clears the link; omitted keeps it.
      stripeUrl: input.stripe_url === undefined ? current.stripeUrl : input.stripe_url,
      ...counts,
    };
    const changedFields = (Object.keys(next) as (keyof typeof next)[]).filter(
      (field) => next[field] !== current[field],
    );

    let versionId: string | undefined;
    if (contentChanged) {
      const prepared = await prepareVersion(tx, documents, {
        fileName,
        previewName,
        questions,
        documentName,
        companions,
      });
      versionId = await addVersion(tx, id, prepared, actor.id);
    }
    if (changedFields.length > 0) {
      const patch = Object.fromEntries(changedFields.map((field) => [field, next[field]]));
      await tx.update(templates).set(patch).where(eq(templates.id, id));
    } else if (versionId) {
      // A new version is an edit of the template too: its updatedAt says so.
      await tx.update(templates).set({ updatedAt: new Date() }).where(eq(templates.id, id));
    }
    if (changedFields.length > 0 || versionId) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: AUDIT_ACTIONS.templateUpdated,
        target: { type: 'template', id },
        details: { fields: changedFields, ...(versionId ? { versionId } : {}) },
      });
    }
  });
  return getTemplateDetail(db, actor, id);
}

/**
 * PUT /template/{id}/status: Pubblica / Sospendi (SPEC §4). Setting the same status is a no-op.
 * Publishing a master that still holds blanks of a form (`____`, ☐, «nato/a»…) needs the
 * editor's confirmation (`confirmBlanks`): they would reach every contract sold.
 */
export async function changeTemplateStatus(
  db: Database,
  documents: DocumentWork,
  actor: Caller,
  id: string,
  { status, confirmBlanks = false }: { status: TTemplateStatus; confirmBlanks?: boolean },
): Promise<{ id: string; status: TTemplateStatus }> {
  return db.transaction(async (tx) => {
    const current = await lockTemplate(tx, id);
    if (current.status === status) return { id, status };
    if (status === TEMPLATE_STATUS.published && !confirmBlanks && current.currentVersionId) {
      const [version] = await tx
        .select({ masterSha256: templateVersions.masterSha256 })
        .from(templateVersions)
        .where(eq(templateVersions.id, current.currentVersionId));
      // Every document of a set reaches the buyer: the blanks of all of them count.
      const masters = version
        ? [
            version.masterSha256,
            ...(await findCompanions(tx, current.currentVersionId)).map((c) => c.masterSha256),
          ]
        : [];
      let blanks = 0;
      for (const sha256 of masters) {
        blanks += await documents.countBlanks(await readFileBytes(tx, sha256));
      }
      if (blanks > 0) {
        const message =
          masters.length > 1
            ? it.documentSets.publishWithBlanks(blanks)
            : it.documents.blanks.publishWithBlanks(blanks);
        throw new AppError('conflict', message);
      }
    }
    await tx.update(templates).set({ status }).where(eq(templates.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action:
        status === TEMPLATE_STATUS.published
          ? AUDIT_ACTIONS.templatePublished
          : AUDIT_ACTIONS.templateSuspended,
      target: { type: 'template', id },
      details: { from: current.status, to: status },
    });
    return { id, status };
  });
}

/**
 * DELETE /template/{id}: hides the template from every list and call; its versions stay, so
 * documents already started or bought keep their content (DESIGN §4).
 */
export async function deleteTemplate(db: Database, actor: Caller, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(templates)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(templates.id, id), isNull(templates.deletedAt)))
      .returning({ name: templates.name });
    if (!row) throw notFound();
    await recordAudit(tx, {
      actorId: actor.id,
      action: AUDIT_ACTIONS.templateDeleted,
      target: { type: 'template', id },
      details: { name: row.name },
    });
  });
}
