/**
 * Reading contracts: the pages of GET /contract (the owner's own and the admin's users'
 * contracts, sorted and filtered on indexed columns) and one contract's detail.
 */
import { centsToDecimal, summaryAnswers, type TQuestion } from '@lexpath/shared';
import type { AnswerRules } from '@lexpath/shared/answer-types';
import {
  CONTRACT_STATUS,
  type TContractCard,
  type TContractDetail,
  type TContractSort,
  type TContractsFilter,
} from '@lexpath/shared/schemas/contracts';
import { countPages } from '@lexpath/shared/schemas/pagination';
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
  users,
} from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import { type Caller, mayListAllContracts, mayReadContract } from '../../policy.ts';
import { loadVersionQuestions } from '../templates/questionnaire.service.ts';
import {
  type CardRow,
  cardColumns,
  cardJson,
  listCardOf,
  toCard,
  totalCentsOf,
} from './contract-cards.ts';
import { findContract } from './contract-store.ts';
import { findSetDocuments } from './document-sets.ts';

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
