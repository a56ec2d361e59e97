/**
 * A contract's answers (DESIGN §4): starting it (with what the lawyer's facts, an earlier
 * document or the client register prefill), saving, changing one answer from the summary, and
 * removing an item of a list.
 */
import {
  type AnswerChange,
  acceptAnswers,
  answerOf,
  changeAnswer,
  findNextQuestion,
  it,
  removeListItem,
  type TQuestion,
} from '@lexpath/shared';
import { labelOf } from '@lexpath/shared/answer-types';
import {
  CONTRACT_STATUS,
  type TAnswerChangeResult,
  type TContractSaveParsed,
  type TContractStarted,
  type TContractStatus,
} from '@lexpath/shared/schemas/contracts';
import type { TAnswers, TAnswerValue } from '@lexpath/shared/schemas/questions';
import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { contracts, templates } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { canonicalJson } from '../../lib/canonical-json.ts';
import { type Caller, mayEditContract } from '../../policy.ts';
import { AUDIT_ACTIONS, recordAudit } from '../audit/audit.service.ts';
import { oneOrList } from '../files/upload-master.service.ts';
import { findCurrentVersion, loadVersionQuestions } from '../templates/questionnaire.service.ts';
import { type ContractRow, findContract, hasCheckoutInProgress } from './contract-store.ts';
import { ownFactsFor } from './own-facts.ts';
import { asksForPrefill, type ClientLookup, noClientRegister, prefillFor } from './prefill.ts';

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
