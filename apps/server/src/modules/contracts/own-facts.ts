/**
 * The lawyer's own facts (DESIGN §15): what fills the questions of the reserved role
 * `LAWYER_ROLE` when a contract starts. The account and the billing profile give what they hold
 * (name, PEC, codice fiscale, partita IVA, the studio's address); the lawyer's latest document
 * that asked the role gives the rest (Ordine, policy, IBAN, telephone, gender, the studio's DPO
 * and its use of AI systems), and what it left out (an optional fact skipped, such as the DPO of
 * a studio that has none). Only the caller's own rows are read: another lawyer's facts never
 * reach a contract.
 */
import { isLawyerRole } from '@lexpath/shared/parties';
import {
  LEFT_OUT,
  type PartyValues,
  partyValuesFromAnswers,
  partyValuesOfClient,
} from '@lexpath/shared/prefill';
import { pruneAnswers } from '@lexpath/shared/questionnaire';
import type { TQuestion } from '@lexpath/shared/schemas/questions';
import { desc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { billingProfiles, contracts, users } from '../../db/schema.ts';
import { loadVersionQuestions } from '../templates/questionnaire.service.ts';

/** How many of the lawyer's latest documents are looked through for one that asked the role. */
const RECENT_CONTRACTS = 20;

export function hasLawyerParty(questions: readonly TQuestion[]): boolean {
  return questions.some((question) => question.parte && isLawyerRole(question.parte.ruolo));
}

/** The role's answers in the lawyer's latest document that has some, as party values. */
async function latestOwnAnswers(db: DbExecutor, userId: string): Promise<PartyValues> {
  const rows = await db
    .select({ versionId: contracts.templateVersionId, answers: contracts.answers })
    .from(contracts)
    .where(eq(contracts.userId, userId))
    .orderBy(desc(contracts.updatedAt), desc(contracts.id))
    .limit(RECENT_CONTRACTS);
  for (const row of rows) {
    const questions = await loadVersionQuestions(db, row.versionId);
    const role = questions.filter(
      (question) => question.parte && isLawyerRole(question.parte.ruolo),
    );
    if (role.length === 0) continue;
    const counted = pruneAnswers(questions, row.answers);
    const [values = {}] = partyValuesFromAnswers(role, counted);
    for (const question of role) {
      const mark = question.parte;
      if (mark && 'campo' in mark && counted[question.variable] === null)
        values[mark.campo] ??= LEFT_OUT;
    }
    if (Object.keys(values).length > 0) return values;
  }
  return {};
}

/**
 * The caller's facts as the values of a party: the latest document's, overridden by the account
 * and the billing profile, which the lawyer keeps up to date. A studio's or a company's billing
 * profile names the studio, not the lawyer: only its address is theirs too.
 */
export async function ownFactsOf(db: DbExecutor, userId: string): Promise<PartyValues> {
  const [account] = await db
    .select({ name: users.name, surname: users.surname, pec: users.pec })
    .from(users)
    .where(eq(users.id, userId));
  const [billing] = await db
    .select()
    .from(billingProfiles)
    .where(eq(billingProfiles.userId, userId));
  const dati: Record<string, string> = {};
  if (billing) {
    Object.assign(dati, {
      indirizzo: billing.indirizzo,
      cap: billing.cap,
      comune: billing.comune,
      provincia: billing.provincia,
    });
    if (billing.tipo === 'persona_fisica') {
      dati.codice_fiscale = billing.codiceFiscale;
      dati.partita_iva = billing.partitaIva;
    }
  }
  if (account) {
    Object.assign(dati, { nome: account.name, cognome: account.surname, pec: account.pec });
  }
  const { tipo: _kind, ...fromAccount } = partyValuesOfClient({
    tipo: 'persona_fisica',
    dati,
    legale_rappresentante: null,
  });
  return { ...(await latestOwnAnswers(db, userId)), ...fromAccount };
}

/** The lawyer's own facts for a new contract on `questions`, or undefined when it has no lawyer party. */
export async function ownFactsFor(
  db: DbExecutor,
  userId: string,
  questions: readonly TQuestion[],
): Promise<PartyValues | undefined> {
  return hasLawyerParty(questions) ? ownFactsOf(db, userId) : undefined;
}
