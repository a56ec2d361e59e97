/**
 * The answers a new contract starts with (DESIGN §15): those of an earlier contract of the same
 * lawyer (`from`) and those of the clients picked for its parties (`clients`), computed by the
 * shared `prefillAnswers`. The new contract keeps them as its own answers: a snapshot, never a
 * link to the earlier contract or to the register.
 */
import { it } from '@lexpath/shared';
import { type PartyValues, partyValuesOfClient, prefillAnswers } from '@lexpath/shared/prefill';
import type { TClient } from '@lexpath/shared/schemas/clients';
import type { TContractSaveParsed } from '@lexpath/shared/schemas/contracts';
import type { TAnswers, TQuestion } from '@lexpath/shared/schemas/questions';
import type { DbExecutor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Caller, mayCopyContract } from '../../policy.ts';
import { loadVersionQuestions } from '../templates/questionnaire.service.ts';
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
    const question = questions.find((candidate) => candidate.variable === variable);
    if (!question?.parte) throw new AppError('unprocessable', it.parties.notAParty(variable));
    const persons: PartyValues[] = [];
    for (const id of Array.isArray(ids) ? ids : [ids]) {
      const client = await findClient(db, caller.id, id);
      if (!client) throw new AppError('notFound', it.clients.notFound);
      persons.push(partyValuesOfClient(client));
    }
    picked[variable] = persons;
  }
  return prefillAnswers(questions, earlier, picked, own);
}
