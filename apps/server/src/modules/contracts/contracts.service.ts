import { createHash } from 'node:crypto';
import {
  type AnswerChange,
  acceptAnswers,
  answerOf,
  centsToDecimal,
  changeAnswer,
  computeTotal,
  findNextQuestion,
  it,
  removeListItem,
  summaryAnswers,
  type TQuestion,
} from '@lexpath/shared';
import { type AnswerRules, labelOf } from '@lexpath/shared/answer-types';
import {
  CONTRACT_STATUS,
  type TAnswerChangeResult,
  type TContractCard,
  type TContractDetail,
  type TContractSaveParsed,
  type TContractSort,
  type TContractStarted,
  type TContractStatus,
  type TContractsFilter,
} from '@lexpath/shared/schemas/contracts';
import { countPages } from '@lexpath/shared/schemas/pagination';
import type { TAnswers, TAnswerValue } from '@lexpath/shared/schemas/questions';
import {
  and,
  count,
  eq,
  ilike,
  inArray,
  isNotNull,
  or,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../db/client.ts';
import { likePattern } from '../../db/like-pattern.ts';
import {
  contractCounts,
  contracts,
  invoices,
  payments,
  templates,
  templateDocuments,
  templateVersions,
  users,
} from '../../db/schema.ts';
import type { DocumentWork } from '../../documents/document-pool.ts';
import { type PdfPool, PdfPoolBusyError } from '../../documents/pdf-pool.ts';
import { renderChangesAt } from '../../documents/render-changes.ts';
import { CalendarDate } from '../../documents/typed-answers.ts';
import { AppError } from '../../lib/app-error.ts';
import { canonicalJson } from '../../lib/canonical-json.ts';
import { isUuid } from '../../lib/ids.ts';
import { LruCache } from '../../lib/lru-cache.ts';
import {
  type Caller,
  mayDownloadContract,
  mayEditContract,
  mayListAllContracts,
  mayPreviewContract,
  mayReadContract,
} from '../../policy.ts';
import { AUDIT_ACTIONS, recordAudit } from '../audit/audit.service.ts';
import { readFileBytes } from '../files/files.service.ts';
import { oneOrList } from '../files/upload-master.service.ts';
import { findCurrentVersion, loadVersionQuestions } from '../templates/questionnaire.service.ts';
import { findCompanions } from '../templates/templates.service.ts';
import {
  type ContractRow,
  findContract,
  hasCheckoutInProgress,
  selectContracts,
} from './contract-store.ts';
import { findSetDocuments, pickSetDocument, zipSet } from './document-sets.ts';
import { ownFactsFor } from './own-facts.ts';
import { asksForPrefill, type ClientLookup, noClientRegister, prefillFor } from './prefill.ts';

const notFound = () => new AppError('notFound', it.errors.notFound);

export function totalCentsOf(priceCents: number): number {
  return computeTotal(priceCents).totalCents;
}

/**
 * What a card of the lists shows, and no more: the list reads neither the pinned version's files
 * nor the template's checkout settings, so it joins four tables where a contract's own read
 * joins five.
 */
const cardColumns = {
  id: contracts.id,
  templateId: contracts.templateId,
  // As PostgreSQL writes them: the body carries them as they are (see cardJson).
  answersJson: sql<string>`${contracts.answers}::text`,
  answersCount: sql<number>`(select count(*) from jsonb_object_keys(${contracts.answers}))::int`,
  // The master and the set's other documents of the version the contract was started on.
  documentsCount: sql<number>`(1 + (select count(*) from ${templateDocuments} where ${templateDocuments.versionId} = ${contracts.templateVersionId}))::int`,
  status: contracts.status,
  createdAt: contracts.createdAt,
  updatedAt: contracts.updatedAt,
  priceCents: contracts.priceCents,
  templateName: templates.name,
  templateDescription: templates.description,
  ownerName: users.name,
  ownerSurname: users.surname,
  paymentId: payments.id,
  paymentUpdatedAt: payments.updatedAt,
  paymentAmountCents: payments.amountCents,
  invoiceId: invoices.id,
  invoiceNumber: invoices.fullNumber,
  invoiceDate: invoices.issuedOn,
};

type CardRow = Pick<
  ContractRow,
  Exclude<keyof typeof cardColumns, 'answersJson' | 'answersCount' | 'documentsCount'>
> & { answersJson: string; answersCount: number; documentsCount: number };

type CardFields = Omit<TContractCard, 'answers' | 'answers_count'>;

/** A card without its answers: what the detail and the lists build the same way. */
function cardFieldsOf(
  row: Omit<CardRow, 'answersJson' | 'answersCount' | 'documentsCount'> & {
    documentsCount?: number;
  },
): CardFields {
  return {
    id: row.id,
    name: row.templateName,
    title: row.templateName,
    description: row.templateDescription,
    type: row.templateId,
    status: row.status,
    price: centsToDecimal(totalCentsOf(row.priceCents)),
    paymentId:
      row.paymentId && row.paymentUpdatedAt && row.paymentAmountCents !== null
        ? {
            id: row.paymentId,
            updatedAt: row.paymentUpdatedAt.toISOString(),
            price: centsToDecimal(row.paymentAmountCents),
          }
        : null,
    userId: { name: row.ownerName, surname: row.ownerSurname },
    invoice:
      row.invoiceId && row.invoiceNumber && row.invoiceDate
        ? { id: row.invoiceId, number: row.invoiceNumber, date: row.invoiceDate }
        : null,
    ...(row.documentsCount === undefined ? {} : { documents_count: row.documentsCount }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toCard(row: ContractRow): TContractCard {
  const { answers } = row;
  return { ...cardFieldsOf(row), answers, answers_count: Object.keys(answers).length };
}

function listCardOf(row: CardRow): TContractCard {
  return {
    ...cardFieldsOf(row),
    answers: JSON.parse(row.answersJson) as TAnswers,
    answers_count: row.answersCount,
  };
}

/**
 * A list card as JSON, its answers spliced in as PostgreSQL wrote them (valid JSON, its own
 * spacing): a page of 12 documents of 38 answers each spent a third of its CPU parsing them
 * into objects only to write them out again.
 */
function cardJson(row: CardRow): string {
  const fields = JSON.stringify(cardFieldsOf(row));
  return `${fields.slice(0, -1)},"answers":${row.answersJson},"answers_count":${row.answersCount}}`;
}

/**
 * PUT /contract/ (no id): a new contract on the template's current version, which it pins. The
 * web sends it with the first answer (issue 12: a catalogue click alone leaves no draft behind),
 * checked against that version like any save (422 naming the question, nothing created).
 */
export async function startContract(
  db: DbExecutor,
  caller: Caller,
  input: TContractSaveParsed,
  findClient: ClientLookup = noClientRegister,
): Promise<TContractStarted> {
  if (!input.type) throw new AppError('invalid', it.contracts.typeRequired);
  const version = await findCurrentVersion(db, caller, input.type);
  let answers: TAnswers = {};
  let prefilled: string[] = [];
  const questions = await loadVersionQuestions(db, version.versionId);
  const own = await ownFactsFor(db, caller.id, questions);
  if (input.answers !== undefined || asksForPrefill(input) || own) {
    const copied =
      asksForPrefill(input) || own
        ? await prefillFor(db, caller, questions, input, findClient, own)
        : {};
    const given = input.answers ?? {};
    answers = acceptContractAnswers(questions, { ...copied, ...given });
    prefilled = Object.keys(copied).filter((key) => !Object.hasOwn(given, key) && key in answers);
  }
  const [row] = await db
    .insert(contracts)
    .values({
      userId: caller.id,
      templateId: version.templateId,
      templateVersionId: version.versionId,
      answers,
      prefilled,
      status: CONTRACT_STATUS.toComplete,
      // Pinned in the insert itself: the price in force when the lawyer starts (issue 14).
      priceCents: sql`(select ${templates.priceCents} from ${templates} where ${templates.id} = ${version.templateId})`,
    })
    .returning({ id: contracts.id });
  if (!row) throw new Error('contract insert returned nothing');
  const given = Object.keys(answers).sort();
  if (given.length > 0) {
    await recordAudit(db, {
      actorId: caller.id,
      action: AUDIT_ACTIONS.contractAnswersChanged,
      target: { type: 'contract', id: row.id },
      details: { questions: given },
    });
  }
  return { id: row.id, answers, prefilled };
}

/**
 * The answers kept for a contract: unknown keys are refused, answers that later answers hide
 * are dropped (the questionnaire's "back" and summary edits), and what remains must be allowed,
 * by the shared rules (DESIGN §5, §12). 422 naming the questions otherwise; nothing is saved.
 */
function acceptContractAnswers(
  questions: readonly TQuestion[],
  raw: Record<string, unknown>,
): TAnswers {
  const { answers, problems } = acceptAnswers(questions, raw);
  if (problems.length > 0) throw new AppError('unprocessable', oneOrList(problems));
  return answers;
}

/** The keys whose answer differs between two answer sets, sorted: what the audit log keeps. */
function changedQuestions(before: TAnswers, after: TAnswers): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter((key) => {
      const was = answerOf(before, key);
      const is = answerOf(after, key);
      return (
        (was === undefined ? '' : canonicalJson(was)) !==
        (is === undefined ? '' : canonicalJson(is))
      );
    })
    .sort();
}

/**
 * PUT /contract/{id} (owner): saves the answers, checked against the pinned version, and the
 * status. COMPLETED needs a finished questionnaire. A paid contract, or one with a checkout
 * session in progress, is locked (409): it is paid for the answers it had at checkout. The
 * contract's row lock orders this against checkouts and payments of the same contract.
 */
export async function saveContract(
  db: DbExecutor,
  caller: Caller,
  id: string,
  input: TContractSaveParsed,
  hooks: SaveHooks = {},
): Promise<{ id: string }> {
  if (asksForPrefill(input)) throw new AppError('unprocessable', it.parties.onlyOnStart);
  let finished = false;
  const saved = await db.transaction(async (tx) => {
    const row = await findContract(tx, caller, id, mayEditContract, { forUpdate: true });
    const questions = await loadVersionQuestions(tx, row.templateVersionId);
    const stored = row.answers;
    const answers =
      input.answers === undefined ? stored : acceptContractAnswers(questions, input.answers);
    finished = (await storeAnswers(tx, caller, row, questions, answers, input.status)).finished;
    return { id: row.id };
  });
  if (finished) hooks.onFinished?.(saved.id);
  return saved;
}

/**
 * What the routes do once a save is committed. `onFinished`: the questionnaire has no question
 * left, so the web shows the summary next (the preview is prepared meanwhile, issue 13).
 */
export type SaveHooks = { onFinished?: (contractId: string) => void };

/**
 * Writes the answers (already accepted) and the status of a locked contract, and records which
 * questions changed. Saving what is already there changes nothing; otherwise a paid contract,
 * or one with a checkout session in progress, is refused (409). COMPLETED needs a finished
 * questionnaire (422); an unfinished one goes back to TO_COMPLETE, a finished one keeps its
 * status unless `requested` says otherwise.
 */
async function storeAnswers(
  tx: DbExecutor,
  caller: Caller,
  row: ContractRow,
  questions: readonly TQuestion[],
  answers: TAnswers,
  requestedStatus?: TContractStatus,
): Promise<{ status: TContractStatus; finished: boolean }> {
  const stored = row.answers;
  const requested = requestedStatus ?? row.status;
  // Saving what is already there changes nothing: a resent save is not an edit.
  const unchanged = canonicalJson(answers) === canonicalJson(stored) && requested === row.status;
  if (row.paymentId) {
    if (!unchanged) throw new AppError('conflict', it.contracts.paidLocked);
    return { status: row.status, finished: false };
  }
  if (await hasCheckoutInProgress(tx, row.id)) {
    if (!unchanged) throw new AppError('conflict', it.contracts.checkoutLocked);
    return { status: row.status, finished: false };
  }
  const finished = findNextQuestion(questions, answers) === null;
  if (requestedStatus === CONTRACT_STATUS.completed && !finished) {
    throw new AppError('unprocessable', it.contracts.notFinished);
  }
  // An answer edited from the summary reopens the questionnaire.
  const status = finished ? requested : CONTRACT_STATUS.toComplete;
  const changed = changedQuestions(stored, answers);
  // An answer the lawyer changed is theirs now: the summary no longer marks it as prefilled.
  const prefilled = row.prefilled.filter((key) => !changed.includes(key));
  await tx
    .update(contracts)
    .set({ answers, status, ...(prefilled.length < row.prefilled.length ? { prefilled } : {}) })
    .where(eq(contracts.id, row.id));
  if (changed.length > 0) {
    await recordAudit(tx, {
      actorId: caller.id,
      action: AUDIT_ACTIONS.contractAnswersChanged,
      target: { type: 'contract', id: row.id },
      details: { questions: changed },
    });
  }
  return { status, finished };
}

/** The question of the pinned version with this key; 422 naming the key otherwise. */
function questionOf(questions: readonly TQuestion[], variable: string): TQuestion {
  const question = questions.find((candidate) => candidate.variable === variable);
  if (!question) throw new AppError('unprocessable', it.contracts.questionUnknown(variable));
  return question;
}

/**
 * Applies a summary change computed by the shared rule (`changeAnswer`, `removeListItem`):
 * validated like any save (422 naming the question, nothing saved), then stored.
 */
async function storeChange(
  tx: DbExecutor,
  caller: Caller,
  row: ContractRow,
  questions: readonly TQuestion[],
  change: AnswerChange,
): Promise<{ result: TAnswerChangeResult; finished: boolean }> {
  const answers = acceptContractAnswers(questions, change.answers);
  const { status, finished } = await storeAnswers(tx, caller, row, questions, answers);
  return { result: { id: row.id, status, answers, discarded: change.discarded }, finished };
}

/** Runs a summary change's transaction, then `onFinished` once it is committed. */
async function afterChange(
  change: Promise<{ result: TAnswerChangeResult; finished: boolean }>,
  hooks: SaveHooks,
): Promise<TAnswerChangeResult> {
  const { result, finished } = await change;
  if (finished) hooks.onFinished?.(result.id);
  return result;
}

/**
 * PUT /contract/{id}/answers/{variable} (owner): one answer changed from the summary (issue 11).
 * The server decides what the change costs, by the shared rule: when no condition depends on the
 * question (a name, an amount, a date) every later answer is kept and a finished contract stays
 * as it was; when one does, the later answers are discarded (SPEC) and the questionnaire
 * resumes after it.
 */
export async function changeContractAnswer(
  db: DbExecutor,
  caller: Caller,
  id: string,
  variable: string,
  value: TAnswerValue,
  hooks: SaveHooks = {},
): Promise<TAnswerChangeResult> {
  const change = db.transaction(async (tx) => {
    const row = await findContract(tx, caller, id, mayEditContract, { forUpdate: true });
    const questions = await loadVersionQuestions(tx, row.templateVersionId);
    questionOf(questions, variable);
    return storeChange(
      tx,
      caller,
      row,
      questions,
      changeAnswer(questions, row.answers, variable, value),
    );
  });
  return afterChange(change, hooks);
}

/**
 * DELETE /contract/{id}/answers/{variable}/items/{index} (owner): removes one item (from 0) of an
 * `elenco` from the summary (issue 11). Never below `min_items` (422 naming the question, nothing
 * changed); an `almeno` condition that no longer holds discards the later answers, as a changed
 * answer does.
 */
export async function removeContractListItem(
  db: DbExecutor,
  caller: Caller,
  id: string,
  variable: string,
  index: number,
  hooks: SaveHooks = {},
): Promise<TAnswerChangeResult> {
  const change = db.transaction(async (tx) => {
    const row = await findContract(tx, caller, id, mayEditContract, { forUpdate: true });
    const questions = await loadVersionQuestions(tx, row.templateVersionId);
    const question = questionOf(questions, variable);
    const label = labelOf(question);
    if (question.type !== 'elenco')
      throw new AppError('unprocessable', it.contracts.notAList(label));
    const items = answerOf(row.answers, variable);
    const count = Array.isArray(items) ? items.length : 0;
    const min = question.min_items ?? 1;
    if (index < count && count - 1 < min) {
      throw new AppError('unprocessable', it.contracts.itemRemovalBelowMin(label, min));
    }
    const change = removeListItem(questions, row.answers, variable, index);
    if (!change) throw new AppError('notFound', it.contracts.itemNotFound(label, index + 1));
    return storeChange(tx, caller, row, questions, change);
  });
  return afterChange(change, hooks);
}

/**
 * What each sortable column of the users' contracts table orders by (SPEC §2): columns of the
 * contract row itself (the joined names are copied there, lower-cased, by the triggers of
 * migration 0007), each with an index that ends in the id, so a page is cut from one index.
 */
const SORT_COLUMNS: Record<TContractSort, AnyPgColumn> = {
  name: contracts.ownerNameKey,
  surname: contracts.ownerSurnameKey,
  type_contract: contracts.templateNameKey,
  created_at_date: contracts.createdAt,
  payment_date: contracts.paymentUpdatedAt,
};

/**
 * The ORDER BY of the list, applied before the page is cut so pages follow one global order:
 * unpaid documents come last whatever the direction, and the id breaks ties so no row moves
 * between pages. Only the payment date can be null: the other columns are NOT NULL, so a bare
 * `asc`/`desc` is the same order as `nulls last`, and lets one index serve both directions
 * (scanned backwards for `desc`).
 */
function contractsOrder(query: TContractsFilter): SQL[] {
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  const sort = query.sort ?? 'created_at_date';
  const nulls = sort === 'payment_date' ? sql` nulls last` : sql``;
  return [sql`${SORT_COLUMNS[sort]} ${direction}${nulls}`, sql`${contracts.id} ${direction}`];
}

/**
 * `column = any(array(subquery))`: the subquery runs once, before the scan (an InitPlan), and
 * the condition can use the column's index, alone or OR-ed with another one (a BitmapOr), which
 * `column IN (subquery)` under an OR cannot.
 */
function anyOf(column: AnyPgColumn, ids: SQLWrapper): SQL {
  return sql`${column} = any(array(${ids}))`;
}

function templatesOfCategory(db: DbExecutor, categoryId: string) {
  return db
    .select({ id: templates.id })
    .from(templates)
    .where(eq(templates.categoryId, categoryId));
}

/**
 * The list's total. Everyone's documents, unsearched or searched by title alone: a sum of the
 * per-template counts that a trigger keeps exact (`contract_counts`), with the list's filters
 * translated (status, paid, category, the matching titles), instead of counting up to a million
 * rows for every page (a word of 5 % of the titles is 50,000 documents). A search that matched
 * lawyers (their documents may share the matching titles), or a lawyer's own documents (a few
 * hundred at most, by index): the contracts themselves.
 */
function countContracts(
  db: DbExecutor,
  query: TContractsFilter,
  everyone: boolean,
  where: SQL | undefined,
  search?: { titles: { id: string }[]; lawyers: number },
): Promise<{ n: number }[]> {
  if (!everyone || (query.name && (!search || search.lawyers > 0))) {
    return db.select({ n: count() }).from(contracts).where(where);
  }
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(contractCounts.status, query.status));
  if (query.payed === true) filters.push(eq(contractCounts.paid, true));
  if (query.categoryId) {
    filters.push(anyOf(contractCounts.templateId, templatesOfCategory(db, query.categoryId)));
  }
  if (query.name && search) filters.push(idsIn(contractCounts.templateId, search.titles));
  return db
    .select({ n: sql<number>`coalesce(sum(${contractCounts.count}), 0)`.mapWith(Number) })
    .from(contractCounts)
    .where(and(...filters));
}

/** `column = any($1::uuid[])`: one parameter however many ids (no limit of 65,535). */
function idsIn(column: AnyPgColumn, rows: { id: string }[]): SQL {
  return sql`${column} = any(${sql.param(rows.map((row) => row.id))}::uuid[])`;
}

/**
 * A lawyer's own documents (a few hundred at most, by the owner's index): the page and the
 * total in one statement, the count taken over the filtered rows before the page is cut.
 */
function ownPageQuery(
  db: DbExecutor,
  where: SQL | undefined,
  order: SQL[],
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const page = db
    .select({ id: contracts.id, total: sql<number>`(count(*) over ())::int`.as('total') })
    .from(contracts)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .as('page');
  return db
    .select({ ...cardColumns, total: page.total })
    .from(page)
    .innerJoin(contracts, eq(contracts.id, page.id))
    .innerJoin(templates, eq(templates.id, contracts.templateId))
    .innerJoin(users, eq(users.id, contracts.userId))
    .leftJoin(payments, eq(payments.contractId, contracts.id))
    .leftJoin(invoices, and(eq(invoices.contractId, contracts.id), eq(invoices.tipo, 'TD01')))
    .orderBy(...order);
}

type OwnPageStatement = ReturnType<ReturnType<typeof ownPageQuery>['prepare']>;

/** Per database handle, so a statement is never run on another pool than its own. */
const ownPageStatements = new WeakMap<DbExecutor, Map<string, OwnPageStatement>>();

/**
 * A lawyer's list without a search as a named prepared statement, one per order and filter
 * (at most 5 sorts x 2 orders x 3 statuses x 2 = 60): each pooled connection parses and plans
 * it once. The owner, the page size and the offset are its parameters.
 */
function preparedOwnPage(db: DbExecutor, query: TContractsFilter): OwnPageStatement {
  const key = [
    query.sort ?? 'created_at_date',
    query.order ?? 'desc',
    query.status ?? 'any',
    query.payed === true ? 'paid' : 'all',
  ].join('_');
  let statements = ownPageStatements.get(db);
  if (!statements) {
    statements = new Map();
    ownPageStatements.set(db, statements);
  }
  let statement = statements.get(key);
  if (!statement) {
    const filters: SQL[] = [eq(contracts.userId, sql.placeholder('userId'))];
    if (query.status) filters.push(eq(contracts.status, query.status));
    if (query.payed === true) filters.push(isNotNull(contracts.paymentUpdatedAt));
    statement = ownPageQuery(
      db,
      and(...filters),
      contractsOrder(query),
      sql.placeholder('limit'),
      sql.placeholder('offset'),
    ).prepare(`contracts_own_page_${key.toLowerCase()}`);
    statements.set(key, statement);
  }
  return statement;
}

/**
 * GET /contract: the caller's contracts, newest first unless `sort` and `order` say otherwise;
 * an admin asking `userActive=true` sees everyone's (the users' contracts screen).
 *
 * Every filter is a condition on the contract row (the searched names resolve to template and
 * lawyer ids first, through their trigram indexes), so the page is cut from one index of
 * `contracts` before anything is joined, and the count never joins (countContracts: a filter
 * added here needs its counterpart there): the five-table join runs for the page's rows only.
 */
async function findContractPage(
  db: DbExecutor,
  caller: Caller,
  query: TContractsFilter,
): Promise<{ rows: CardRow[]; page: number; totalPages: number }> {
  const filters: SQL[] = [];
  const everyone = mayListAllContracts(caller) && query.userActive === true;
  if (!everyone) filters.push(eq(contracts.userId, caller.id));
  // The admin's 'Documenti generati' holds generated documents: questionnaires in progress or
  // abandoned (TO_COMPLETE) are listed only when asked for (issue 12). Read once: the count
  // (countContracts) filters on the same status.
  const status = query.status ?? (everyone ? CONTRACT_STATUS.completed : undefined);
  if (status) filters.push(eq(contracts.status, status));
  if (query.payed === true) filters.push(isNotNull(contracts.paymentUpdatedAt));
  let search: { titles: { id: string }[]; lawyers: number } | undefined;
  if (query.name) {
    const pattern = likePattern(query.name);
    // The titles and lawyers the text matches (trigram indexes), looked up first: the planner
    // then knows how many there are (a walk down the sort's index for many, the few matching
    // documents fetched and sorted for few), and a side that matches nothing drops out of the
    // condition. The admin looks documents up by lawyer too ("Rossi", "Mario Rossi"); a
    // lawyer's own list would match every row on their own name, so it searches titles only.
    // A name or a surname containing the text makes "name surname" contain it.
    const [titles, lawyers] = await Promise.all([
      db.select({ id: templates.id }).from(templates).where(ilike(templates.name, pattern)),
      everyone
        ? db
            .select({ id: users.id })
            .from(users)
            .where(ilike(sql`${users.name} || ' ' || ${users.surname}`, pattern))
        : [],
    ]);
    const matches = [
      ...(titles.length > 0 ? [idsIn(contracts.templateId, titles)] : []),
      ...(lawyers.length > 0 ? [idsIn(contracts.userId, lawyers)] : []),
    ];
    if (matches.length === 0) return { rows: [], page: query.page, totalPages: 1 };
    filters.push(matches.length === 1 ? (matches[0] as SQL) : (or(...matches) as SQL));
    search = { titles, lawyers: lawyers.length };
  }
  if (query.categoryId) {
    if (!isUuid(query.categoryId)) return { rows: [], page: query.page, totalPages: 1 };
    filters.push(anyOf(contracts.templateId, templatesOfCategory(db, query.categoryId)));
  }
  const where = and(...filters);
  const order = contractsOrder(query);
  const offset = (query.page - 1) * query.limit;
  if (!everyone) {
    // The list as the archive asks for it (no search) is one prepared statement per order and
    // filter: neither built by drizzle nor planned by PostgreSQL again on every request.
    const rows =
      query.name || query.categoryId
        ? await ownPageQuery(db, where, order, query.limit, offset)
        : await preparedOwnPage(db, query).execute({
            userId: caller.id,
            limit: query.limit,
            offset,
          });
    // A page past the end has no row to carry the total: counted apart (the first page is empty
    // only when there is nothing to count).
    const total =
      rows[0]?.total ??
      (query.page === 1 ? 0 : ((await countContracts(db, query, false, where))[0]?.n ?? 0));
    return { rows, page: query.page, totalPages: countPages(total, query.limit) };
  }
  const page = db
    .select({ id: contracts.id })
    .from(contracts)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset(offset);
  const [rows, [total]] = await Promise.all([
    db
      .select(cardColumns)
      .from(contracts)
      .innerJoin(templates, eq(templates.id, contracts.templateId))
      .innerJoin(users, eq(users.id, contracts.userId))
      .leftJoin(payments, eq(payments.contractId, contracts.id))
      .leftJoin(invoices, and(eq(invoices.contractId, contracts.id), eq(invoices.tipo, 'TD01')))
      .where(inArray(contracts.id, page))
      .orderBy(...order),
    countContracts(db, { ...query, status }, everyone, where, search),
  ]);
  return { rows, page: query.page, totalPages: countPages(total?.n ?? 0, query.limit) };
}

/** GET /contract's page (see findContractPage) as objects. */
export async function listContracts(
  db: DbExecutor,
  caller: Caller,
  query: TContractsFilter,
): Promise<{ results: TContractCard[]; page: number; totalPages: number }> {
  const { rows, page, totalPages } = await findContractPage(db, caller, query);
  return { results: rows.map(listCardOf), page, totalPages };
}

/** GET /contract's page (see findContractPage) as the JSON the route sends in `data`. */
export async function listContractsJson(
  db: DbExecutor,
  caller: Caller,
  query: TContractsFilter,
): Promise<string> {
  const { rows, page, totalPages } = await findContractPage(db, caller, query);
  return `{"results":[${rows.map(cardJson).join(',')}],"page":${page},"totalPages":${totalPages}}`;
}

function isTypedQuestion(question: TQuestion): boolean {
  return question.type !== undefined && question.type !== 'scelta';
}

/** A typed question as a screen needs it to show the answer: without conditions or help. */
function rulesOf(question: TQuestion): AnswerRules {
  const { required_answers: _conditions, description: _help, ...rules } = question;
  return rules as AnswerRules;
}

/** GET /contract/{id} (owner or admin): the answers in question order and the cart's data. */
export async function getContractDetail(
  db: DbExecutor,
  caller: Caller,
  id: string,
): Promise<TContractDetail> {
  const row = await findContract(db, caller, id, mayReadContract);
  const questions = await loadVersionQuestions(db, row.templateVersionId);
  const { answers } = row;
  const detailed = summaryAnswers(questions, answers).map(({ question, entry }) =>
    isTypedQuestion(question) ? { ...entry, rules: rulesOf(question) } : entry,
  );
  const set = await findSetDocuments(db, row);
  return {
    ...toCard(row),
    detailed_answers: detailed,
    templateId: {
      id: row.templateId,
      price: row.priceCents / 100,
      price_cents: row.priceCents,
      total: centsToDecimal(totalCentsOf(row.priceCents)),
      max_questions: row.maxQuestions,
      stripe_url: row.stripeUrl,
      version_id: row.templateVersionId,
      newer_version:
        row.currentVersionId !== null && row.currentVersionId !== row.templateVersionId,
    },
    maxQuestions: row.maxQuestions,
    prefilled: row.prefilled.filter((key) => Object.hasOwn(answers, key)),
    refundedAt: row.refundedAt?.toISOString() ?? null,
    documents: set.map(({ position, name }) => ({ position, name })),
  };
}

/** What the preview reads of a contract: its row by primary key and its pinned preview file. */
async function findPreviewSource(db: DbExecutor, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({
      userId: contracts.userId,
      templateVersionId: contracts.templateVersionId,
      answers: contracts.answers,
      previewKey: contracts.previewKey,
      previewSha256: templateVersions.previewSha256,
    })
    .from(contracts)
    .innerJoin(templateVersions, eq(templateVersions.id, contracts.templateVersionId))
    .where(eq(contracts.id, id));
  return row;
}

/**
 * The preview of a set's document `position`: document 1 keeps its preview file (and the cache
 * key it had before sets); a companion has no preview file of its own, its master serves.
 */
async function previewOfDocument(
  db: DbExecutor,
  source: PreviewSource,
  position: number,
): Promise<PreviewSource & { position: number }> {
  if (position === 1) return { ...source, position };
  const companions = await findCompanions(db, source.templateVersionId);
  const companion = companions.find((document) => document.position === position);
  if (!companion) {
    throw new AppError('notFound', it.documentSets.documentNotFound(companions.length + 1));
  }
  return { ...source, previewSha256: companion.masterSha256, position };
}

type PreviewSource = NonNullable<Awaited<ReturnType<typeof findPreviewSource>>>;

/**
 * Where the preview of `source` is cached: the key stored with the contract (its version and
 * answers, hashed when they were written) and the day, as `{oggi}` makes the preview depend on it.
 */
function previewCacheKeyOf(source: PreviewSource & { position?: number }, now: Date): string {
  const document = source.position && source.position > 1 ? `:${source.position}` : '';
  return `${source.previewKey}${document}:${CalendarDate.inItaly(now)}`;
}

/** The preview .docx of `source`: its pinned preview file rendered with its answers. */
async function renderPreviewDocx(
  db: DbExecutor,
  documents: DocumentWork,
  source: PreviewSource,
  now: Date,
): Promise<Buffer> {
  const preview = await readFileBytes(db, source.previewSha256);
  const questions = await loadVersionQuestions(db, source.templateVersionId);
  return documents.render(preview, source.answers, {
    cacheKey: source.previewSha256,
    questions,
    now,
    uncompressed: true,
  });
}

/**
 * GET /contract/preview/{id} (owner): the pinned preview rendered with the answers, as a PDF of
 * page pictures (issue 11: the lawyer reads their facts but cannot copy the text). A PDF
 * cached or converting (ahead of time, issue 13) is found by the contract's stored key, at the
 * cost of one read by primary key; otherwise a place in the conversion queue is claimed before
 * the file is read and rendered, so a burst beyond the queue is refused (503) at once, not
 * after a second of work per request.
 */
export async function renderContractPreview(
  db: DbExecutor,
  documents: DocumentWork,
  pdfPool: PdfPool,
  caller: Caller,
  id: string,
  /** The set's document, from 1. */
  position = 1,
): Promise<Buffer> {
  const found = await findPreviewSource(db, id);
  if (!found || !mayPreviewContract(caller, found)) throw notFound();
  const source = await previewOfDocument(db, found, position);
  const now = new Date();
  const cacheKey = previewCacheKeyOf(source, now);
  const known = pdfPool.peek(cacheKey, 'page-images');
  if (known) {
    try {
      return await known;
    } catch {
      // A conversion ahead of time that failed (logged by the pool): converted now, on demand.
    }
  }
  const place = pdfPool.reserve('page-images');
  try {
    return await place.convert(await renderPreviewDocx(db, documents, source, now), cacheKey);
  } finally {
    place.release();
  }
}

/**
 * Converts a finished contract's preview in the background (issue 13), so the lawyer reading
 * the summary finds it made. Called after the save is committed, so the key read is that of
 * the answers saved; skipped by the pool when it is cached, converting, or every listener has
 * work. Never throws: the preview is converted on demand otherwise.
 */
export async function preparePreview(
  db: DbExecutor,
  documents: DocumentWork,
  pdfPool: PdfPool,
  id: string,
): Promise<boolean> {
  const source = await findPreviewSource(db, id);
  if (!source) return false;
  const now = new Date();
  return pdfPool.prefetch(previewCacheKeyOf(source, now), 'page-images', () =>
    renderPreviewDocx(db, documents, source, now),
  );
}

export type ContractDownload = { bytes: Buffer; fileName: string };

/**
 * Bought documents rendered lately: the PDF/A made after the payment, the .docx download and
 * the PDF download of one purchase render it once, not three times (a render of a long master
 * is most of a purchase's CPU). By contract, payment (and its day, which picks the renderer)
 * and the contract row's last change, so a changed row is rendered again; bounded in entries (a .docx is tens of KB, a few MB at most).
 */
const boughtDocxCache = new LruCache<string, Promise<Buffer>>(32);

/** The bought document's .docx: its pinned master rendered with its answers on its payment day. */
function renderBoughtDocx(
  db: DbExecutor,
  documents: DocumentWork,
  row: Pick<
    ContractRow,
    'id' | 'paymentId' | 'updatedAt' | 'masterSha256' | 'templateVersionId' | 'answers' | 'paidAt'
  >,
  now: Date,
): Promise<Buffer> {
  if (!row.paymentId || !row.paidAt) return renderDocxOf(db, documents, row, now);
  const key = [
    row.id,
    row.paymentId,
    row.paidAt.toISOString(),
    row.updatedAt.toISOString(),
    row.masterSha256,
  ].join(':');
  const known = boughtDocxCache.get(key);
  if (known) return known;
  const rendering = renderDocxOf(db, documents, row, now);
  boughtDocxCache.set(key, rendering);
  rendering.catch(() => boughtDocxCache.delete(key));
  return rendering;
}

async function renderDocxOf(
  db: DbExecutor,
  documents: DocumentWork,
  row: Pick<ContractRow, 'masterSha256' | 'templateVersionId' | 'answers' | 'paidAt'>,
  now: Date,
): Promise<Buffer> {
  const master = await readFileBytes(db, row.masterSha256);
  const questions = await loadVersionQuestions(db, row.templateVersionId);
  const paidAt = row.paidAt ?? now;
  return documents.render(master, row.answers, {
    cacheKey: row.masterSha256,
    questions,
    now: paidAt,
    // The renderer as it was when the buyer paid: the bytes they got, forever.
    changes: renderChangesAt(paidAt),
  });
}

/**
 * Where the PDF/A of a bought document is cached: the hash of the very .docx it converts, so a
 * cached PDF/A is never that of other bytes (another rendering of the template language after
 * an upgrade gets its own). A refund revokes the download before the cache is asked.
 */
function boughtPdfKey(docx: Buffer): string {
  return `bought:${createHash('sha256').update(docx).digest('base64url')}`;
}

/**
 * Converts a document just bought to PDF/A in the background, after every preview and
 * download queued, so the lawyer's PDF download finds it made (a download asked meanwhile
 * joins the conversion and moves it up). Called after the payment is committed. A failed
 * conversion resolves false (the download converts then); reading or rendering may throw.
 */
export async function prepareBoughtPdf(
  db: DbExecutor,
  documents: DocumentWork,
  pdfPool: PdfPool,
  id: string,
): Promise<boolean> {
  // Without LibreOffice the render would be for nothing.
  if (!isUuid(id) || !pdfPool.status().available) return false;
  const [row] = await selectContracts(db).where(eq(contracts.id, id));
  if (!row?.paymentId || row.refundedAt) return false;
  const bytes = await renderBoughtDocx(db, documents, row, new Date());
  return pdfPool.convertDocxToPdf(bytes, boughtPdfKey(bytes), 'pdf-a', 'background').then(
    () => true,
    () => false,
  );
}

/**
 * What GET /contract/download/{id} sends: the SPEC's .docx, a PDF/A-2b (issue 11), or a document
 * set's every .docx in one .zip.
 */
export type DownloadFormat = 'docx' | 'pdf' | 'zip';

/**
 * GET /contract/download/{id} (owner, or an admin from the users' contracts, after a verified
 * payment): the pinned master rendered with the answers, so a bought document downloads the same
 * forever: its `oggi` is the day it was paid, not the day of the download. "<title> -
 * <date>.docx", or with `format` "pdf" the same document as PDF/A-2b (ready for a digital
 * signature), "<title> - <date>.pdf". An admin's download of someone else's document is audited
 * first: no such download happens without its record. Once refunded, the owner's download is
 * revoked (403).
 */
export async function downloadContract(
  db: DbExecutor,
  documents: DocumentWork,
  pdfPool: PdfPool,
  caller: Caller,
  id: string,
  format: DownloadFormat = 'docx',
  now: Date = new Date(),
  /** The set's document, from 1 (the master, as the SPEC's call gives it). */
  position = 1,
): Promise<ContractDownload> {
  const row = await findContract(db, caller, id, mayDownloadContract);
  if (!row.paymentId) throw new AppError('paymentRequired', it.contracts.paymentRequired);
  // Refunded: the buyer gave the document back (403, their account's state, not a missing
  // payment: paying again is not possible). An admin keeps access for the records and disputes.
  if (row.refundedAt && row.userId === caller.id) {
    throw new AppError('forbidden', it.payments.refunded);
  }
  if (row.userId !== caller.id) {
    await recordAudit(db, {
      actorId: caller.id,
      action: AUDIT_ACTIONS.contractDownloadedByAdmin,
      target: { type: 'contract', id: row.id },
      details: { ownerId: row.userId },
    });
  }
  const date = now.toISOString().slice(0, 10);
  const set = await findSetDocuments(db, row);
  if (format === 'zip') {
    // One document after the other: each render takes a document worker of two.
    const files: { name: string; bytes: Buffer }[] = [];
    for (const document of set) {
      const docx = await renderBoughtDocx(db, documents, { ...row, ...document }, now);
      files.push({ name: document.name, bytes: docx });
    }
    return { bytes: zipSet(files, now), fileName: `${row.templateName} - ${date}.zip` };
  }
  const document = pickSetDocument(set, position);
  const bytes = await renderBoughtDocx(db, documents, { ...row, ...document }, now);
  // A template of one document keeps the SPEC's name, the template's title.
  const title = set.length === 1 ? row.templateName : document.name;
  if (format === 'pdf') {
    // Most often converted already, in the background, right after the payment.
    const pdf = await pdfPool
      .convertDocxToPdf(bytes, boughtPdfKey(bytes), 'pdf-a')
      .catch((error) => {
        // The pool speaks of previews; a busy pool keeps its Retry-After hint.
        if (error instanceof AppError && !(error instanceof PdfPoolBusyError)) {
          throw new AppError('unavailable', it.documents.pdfDownloadUnavailable, { cause: error });
        }
        throw error;
      });
    return { bytes: pdf, fileName: `${title} - ${date}.pdf` };
  }
  return { bytes, fileName: `${title} - ${date}.docx` };
}
