/**
 * The answers a new contract starts with (DESIGN §15): those of an earlier contract of the same
 * lawyer (`from`) and those of the clients picked for its parties (`clients`), computed by the
 * shared `prefillAnswers`. The new contract keeps them as its own answers: a snapshot, never a
 * link to the earlier contract or to the register.
 */
import { it } from '@lexpath/shared';
import { validateCanonical } from '@lexpath/shared/answer-types';
import { isLawyerRole } from '@lexpath/shared/parties';
import {
  answersFromParty,
  type PartyValues,
  partyValuesOfClient,
  prefillAnswers,
  questionsOfRole,
  rolesOf,
} from '@lexpath/shared/prefill';
import { pruneAnswers } from '@lexpath/shared/questionnaire';
import type { TClient } from '@lexpath/shared/schemas/clients';
import type {
  TContractSaveParsed,
  TPartyFilled,
  TTemplateParty,
} from '@lexpath/shared/schemas/contracts';
import type { TAnswers, TQuestion } from '@lexpath/shared/schemas/questions';
import type { DbExecutor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Caller, mayCopyContract } from '../../policy.ts';
import { checkAnswers, loadVersionQuestions } from '../templates/questionnaire.service.ts';
import { findContract } from './contract-store.ts';

/**
 * A client of the lawyer's register, or null when `ownerId` has none with that id (another
 * lawyer's included, so it answers 404 like an unknown one). The register plugs in here.
 */
export type ClientLookup = (
  db: DbExecutor,
  ownerId: string,
  clientId: string,
) => Promise<TClient | null>;

/** Until the register is wired in, no client is found: `clients` answers 404. */
export const noClientRegister: ClientLookup = async () => null;

export type PrefillSource = Pick<TContractSaveParsed, 'from' | 'clients'>;

export function asksForPrefill(input: PrefillSource): boolean {
  return input.from !== undefined || input.clients !== undefined;
}

/**
 * The prefilled answers for a new contract on `questions` (the lawyer's own party from `own`,
 * see own-facts.ts): 404 for a `from` that is not the
 * caller's own contract or a client not in their register, 422 for a `clients` key that is not a
 * party question of the new template.
 */
export async function prefillFor(
  db: DbExecutor,
  caller: Caller,
  questions: readonly TQuestion[],
  input: PrefillSource,
  findClient: ClientLookup,
  own?: PartyValues,
): Promise<TAnswers> {
  let earlier: { questions: readonly TQuestion[]; answers: TAnswers } | undefined;
  if (input.from !== undefined) {
    const row = await findContract(db, caller, input.from, mayCopyContract);
    earlier = {
      questions: await loadVersionQuestions(db, row.templateVersionId),
      answers: row.answers,
    };
  }
  const picked: Record<string, PartyValues[]> = {};
  for (const [variable, ids] of Object.entries(input.clients ?? {})) {
    partyQuestion(questions, variable);
    picked[variable] = await personsOf(db, caller, Array.isArray(ids) ? ids : [ids], findClient);
  }
  return prefillAnswers(questions, earlier, picked, own);
}

function partyQuestion(questions: readonly TQuestion[], variable: string): TQuestion {
  const question = questions.find((candidate) => candidate.variable === variable);
  if (!question?.parte) throw new AppError('unprocessable', it.parties.notAParty(variable));
  return question;
}

async function personsOf(
  db: DbExecutor,
  caller: Caller,
  ids: readonly string[],
  findClient: ClientLookup,
): Promise<PartyValues[]> {
  const persons: PartyValues[] = [];
  for (const id of ids) {
    const client = await findClient(db, caller.id, id);
    if (!client) throw new AppError('notFound', it.clients.notFound);
    persons.push(partyValuesOfClient(client));
  }
  return persons;
}

/**
 * «Scegli dall'anagrafica» (POST /contract/party): the clients picked become the whole party of
 * the asked question's role, on top of the answers so far (checked as a questionnaire step is).
 * What a question accepts whole is answered; what it cannot take whole yet (an `elenco` item
 * missing a field the client lacks) is a draft, shown filled when the question is asked, so the
 * lawyer completes it instead of typing it again. Nothing is saved here: the web saves the
 * answers as any step's, which keeps a party picked before the document exists working too.
 */
export async function fillParty(
  db: DbExecutor,
  caller: Caller,
  questions: readonly TQuestion[],
  input: { answers: Record<string, unknown>; question: string; clients: readonly string[] },
  findClient: ClientLookup,
): Promise<TPartyFilled> {
  const given = checkAnswers(questions, input.answers);
  const asked = partyQuestion(questions, input.question);
  const persons = await personsOf(db, caller, input.clients, findClient);
  const role = questionsOfRole(questions, asked.parte?.ruolo ?? '');
  const ofRole = new Set(role.map((question) => question.variable));
  const candidate: TAnswers = Object.fromEntries(
    Object.entries(given).filter(([variable]) => !ofRole.has(variable)),
  );
  const drafts: TAnswers = {};
  for (const question of role) {
    for (const [variable, value] of Object.entries(answersFromParty(question, persons))) {
      if (validateCanonical(question, value).length === 0) candidate[variable] = value;
      else drafts[variable] = value;
    }
  }
  const answers = pruneAnswers(questions, candidate);
  const filled = role
    .filter((question) => answers[question.variable] !== undefined || question.variable in drafts)
    .map((question) => ({ variable: question.variable, question: question.question }));
  return { answers, drafts, filled };
}

/**
 * The parties of a question list a client can be: each role with its first question, the one
 * `clients` names. The lawyer's own party is filled from their account, never from a client.
 */
export function partiesOf(questions: readonly TQuestion[]): TTemplateParty[] {
  return rolesOf(questions).flatMap((ruolo) => {
    if (isLawyerRole(ruolo)) return [];
    const [first] = questionsOfRole(questions, ruolo);
    return first ? [{ ruolo, variable: first.variable }] : [];
  });
}
