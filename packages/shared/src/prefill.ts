/**
 * Filled once, reused everywhere (DESIGN §15): a client's fields as a party's answers, a party
 * typed by hand as a client, and an earlier contract's answers carried to a new template. Pure
 * functions: the server prefills a new contract with them, the web fills a party in one step.
 */
import { parseItalian, validateCanonical } from './answer-types.ts';
import {
  CLIENT_KIND_FIELD,
  FULL_ADDRESS,
  FULL_NAME,
  findPartyField,
  isCompatible,
  isLawyerRole,
  kindNamed,
  optionOfKind,
  type PartyField,
  sameRole,
} from './parties.ts';
import { answerOf, isSameOption, pruneAnswers } from './questionnaire.ts';
import {
  LEGAL_REPRESENTATIVE,
  type TClient,
  type TClientInput,
  type TClientKind,
} from './schemas/clients.ts';
import type {
  TAnswers,
  TAnswerValue,
  TListField,
  TListItem,
  TListQuestion,
  TQuestion,
} from './schemas/questions.ts';

/** A party's values by the client field names mappings use (`nome`, `legale_rappresentante.pec`, `nome_completo`…). */
export type PartyValues = Record<string, string>;

/**
 * The value of a lawyer's own fact they left out, skipping its optional question in their latest
 * document: no value, and a reason not to ask it again.
 */
export const LEFT_OUT = '';

type Values = Record<string, string>;

const REPRESENTATIVE = `${LEGAL_REPRESENTATIVE}.`;

/** «Mario Rossi», or a company's denominazione: how a contract names a party in one answer. */
function fullNameOf(tipo: TClientKind, dati: Values): string | undefined {
  const name =
    tipo === 'persona_giuridica'
      ? (dati.denominazione ?? '')
      : [dati.nome, dati.cognome].filter(Boolean).join(' ');
  return name || undefined;
}

/** «via Roma 1, 00184 Roma (RM)»: the parts the client has, in the order an address is written. */
function fullAddressOf(dati: Values): string | undefined {
  const town = [dati.cap, dati.comune].filter(Boolean).join(' ');
  const place = [town, dati.provincia ? `(${dati.provincia})` : ''].filter(Boolean).join(' ');
  const address = [dati.indirizzo, place].filter(Boolean).join(', ');
  return address || undefined;
}

function withComposed(tipo: TClientKind, dati: Values, prefix: string, into: PartyValues) {
  for (const [name, value] of Object.entries(dati)) into[`${prefix}${name}`] = value;
  const fullName = fullNameOf(tipo, dati);
  if (fullName) into[`${prefix}${FULL_NAME}`] = fullName;
  const fullAddress = fullAddressOf(dati);
  if (fullAddress) into[`${prefix}${FULL_ADDRESS}`] = fullAddress;
}

/** A client of the register as the values its party questions are filled from. */
export function partyValuesOfClient(
  client: Pick<TClient, 'tipo' | 'dati' | 'legale_rappresentante'>,
): PartyValues {
  const values: PartyValues = { [CLIENT_KIND_FIELD]: client.tipo };
  withComposed(client.tipo, client.dati, '', values);
  if (client.legale_rappresentante)
    withComposed('persona_fisica', client.legale_rappresentante, REPRESENTATIVE, values);
  return values;
}

type Mapped = { key: string; rules: TQuestion | TListField; field: PartyField };

/** The mappings of one party question: the question (or each mapped field of an `elenco`) and its client field. */
function mappingsOf(question: TQuestion): Mapped[] {
  const mark = question.parte;
  if (!mark) return [];
  const mapped: Mapped[] = [];
  if ('campi' in mark) {
    const fields = (question as TListQuestion).fields;
    for (const [key, name] of Object.entries(mark.campi)) {
      const rules = fields.find((each) => each.variable === key);
      const field = findPartyField(name);
      if (rules && field && isCompatible(rules, field)) mapped.push({ key, rules, field });
    }
  } else {
    const field = findPartyField(mark.campo);
    if (field && isCompatible(question, field))
      mapped.push({ key: question.variable, rules: question, field });
  }
  return mapped;
}

/**
 * A value as the question's canonical answer, or undefined when the question cannot take it (a
 * text too long for its `max_length`, a date outside its limits, an option it does not offer).
 */
function answerFor(
  rules: TQuestion | TListField,
  value: string | undefined,
  field?: PartyField,
): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (field?.name === CLIENT_KIND_FIELD) {
    const kind = kindNamed(value);
    return kind ? optionOfKind(rules.options ?? [], kind) : undefined;
  }
  const type = rules.type ?? 'scelta';
  if (type === 'scelta') {
    const option = rules.options?.find((offered) => isSameOption(offered, value));
    return option;
  }
  const parsed = parseItalian(rules, value);
  if (!parsed.ok) return undefined;
  return validateCanonical(rules, parsed.value).length === 0 ? parsed.value : undefined;
}

/** One `elenco` item from a party's values: each mapped field it can take, the others left out. */
function itemFrom(question: TQuestion, values: PartyValues): TListItem {
  const item: TListItem = {};
  for (const { key, rules, field } of mappingsOf(question)) {
    const answer = answerFor(rules, values[field.name], field);
    if (answer !== undefined) item[key] = answer;
  }
  return item;
}

/**
 * A client's fields as a party question's answers, typed and canonical as answers are: a single
 * question's own answer, or one item of an `elenco` (the fields the client cannot fill are left
 * out, for the lawyer to complete). A value the question cannot take is left out, never forced.
 */
export function answersFromClient(
  partyQuestion: TQuestion,
  client: Pick<TClient, 'tipo' | 'dati' | 'legale_rappresentante'>,
): TAnswers {
  return answersFromParty(partyQuestion, [partyValuesOfClient(client)]);
}

/**
 * A party's answers from the values of one or more persons: an `elenco` takes an item each (up to
 * its `max_items`), a single question the first person's value.
 */
export function answersFromParty(question: TQuestion, parties: readonly PartyValues[]): TAnswers {
  if (!question.parte || parties.length === 0) return {};
  if (question.type === 'elenco') {
    const items = parties
      .slice(0, question.max_items ?? parties.length)
      .map((values) => itemFrom(question, values))
      .filter((item) => Object.keys(item).length > 0);
    return items.length > 0 ? { [question.variable]: items } : {};
  }
  const [mapped] = mappingsOf(question);
  const first = parties[0];
  if (!mapped || !first) return {};
  const answer = answerFor(mapped.rules, first[mapped.field.name], mapped.field);
  return answer === undefined ? {} : { [question.variable]: answer };
}

/** The questions of a list that belong to the role's party. */
export function questionsOfRole(questions: readonly TQuestion[], role: string): TQuestion[] {
  return questions.filter((question) => question.parte && sameRole(question.parte.ruolo, role));
}

/** The roles of a list's parties, each once, in the order they are first asked. */
export function rolesOf(questions: readonly TQuestion[]): string[] {
  const roles: string[] = [];
  for (const question of questions) {
    const role = question.parte?.ruolo;
    if (role && !roles.some((known) => sameRole(known, role))) roles.push(role);
  }
  return roles;
}

function textOf(value: TAnswerValue | TListItem[string] | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The persons of a role as the answers give them: one per item of the role's `elenco` (its single
 * questions, such as the locatore's PEC, add to the first), or one from its single questions.
 */
export function partyValuesFromAnswers(
  roleQuestions: readonly TQuestion[],
  answers: TAnswers,
): PartyValues[] {
  const persons: PartyValues[] = [];
  const singles: PartyValues = {};
  for (const question of roleQuestions) {
    const given = answerOf(answers, question.variable);
    if (question.type === 'elenco') {
      if (!Array.isArray(given)) continue;
      given.forEach((item, index) => {
        if (typeof item !== 'object' || item === null) return;
        const values: PartyValues = persons[index] ?? {};
        for (const { key, field } of mappingsOf(question)) {
          const text = textOf(item[key]);
          if (text !== undefined) values[field.name] = text;
        }
        persons[index] = values;
      });
    } else {
      const [mapped] = mappingsOf(question);
      const text = textOf(given);
      if (mapped && text !== undefined) singles[mapped.field.name] = text;
    }
  }
  if (persons.length === 0) return Object.keys(singles).length > 0 ? [singles] : [];
  persons[0] = { ...singles, ...persons[0] };
  return persons;
}

const COMPANY_ONLY = ['denominazione', 'forma_giuridica', 'partita_iva'];

/**
 * A party typed by hand as a new client of the register («Salva come nuovo cliente»): the values
 * of `item` (an `elenco`'s item, from 0) or of the role's single questions. A company when a
 * company's field (denominazione, partita IVA) or a legal representative was given, a person
 * otherwise. A whole name asked in one answer is kept as the company's denominazione or split at
 * the first space (nome, then cognome), and a whole address is the indirizzo: a proposal the
 * lawyer confirms in the client's form, which checks it as `ZClientInput`.
 */
export function clientFromAnswers(
  party: TQuestion | readonly TQuestion[],
  answers: TAnswers,
  item = 0,
): TClientInput {
  const questions = Array.isArray(party) ? party : [party as TQuestion];
  const values = partyValuesFromAnswers(questions, answers)[item] ?? {};
  const own: Values = {};
  const representative: Values = {};
  for (const [name, value] of Object.entries(values)) {
    if (name.startsWith(REPRESENTATIVE)) representative[name.slice(REPRESENTATIVE.length)] = value;
    else own[name] = value;
  }
  // The template's own «persona fisica o società?» answer, when it has one, decides the kind.
  const kindAnswer = own[CLIENT_KIND_FIELD];
  delete own[CLIENT_KIND_FIELD];
  const named = kindAnswer === undefined ? undefined : kindNamed(kindAnswer);
  const company =
    named !== undefined
      ? named === 'persona_giuridica'
      : COMPANY_ONLY.some((name) => own[name] !== undefined) ||
        Object.keys(representative).length > 0;
  const dati = fromComposed(own, company ? 'persona_giuridica' : 'persona_fisica');
  if (!company) return { tipo: 'persona_fisica', dati };
  const legale = fromComposed(representative, 'persona_fisica');
  return {
    tipo: 'persona_giuridica',
    dati,
    ...(Object.keys(legale).length > 0 ? { legale_rappresentante: legale } : {}),
  };
}

/** The register's own fields from values that may hold a composed name or address. */
function fromComposed(values: Values, tipo: TClientKind): Values {
  const { [FULL_NAME]: fullName, [FULL_ADDRESS]: fullAddress, ...dati } = values;
  if (fullName) {
    if (tipo === 'persona_giuridica') dati.denominazione ??= fullName;
    else if (dati.nome === undefined && dati.cognome === undefined) {
      const [first = '', ...rest] = fullName.trim().split(/\s+/);
      dati.nome = first;
      if (rest.length > 0) dati.cognome = rest.join(' ');
    }
  }
  if (fullAddress) dati.indirizzo ??= fullAddress;
  if (tipo === 'persona_giuridica') {
    delete dati.genere;
    delete dati.luogo_nascita;
    delete dati.data_nascita;
    delete dati.documento_identita;
  }
  return dati;
}

const typeOf = (question: { type?: string }) => question.type ?? 'scelta';

/** An earlier answer to a question of the same key and type, as the new question takes it. */
function carriedValue(
  earlier: TQuestion | TListField,
  question: TQuestion | TListField,
  value: TAnswerValue | TListItem[string] | undefined,
): TAnswerValue | undefined {
  if (value === undefined || typeOf(earlier) !== typeOf(question)) return undefined;
  if (value === null) return question.obbligatoria === false ? null : undefined;
  if (typeOf(question) === 'scelta') {
    const multiple = 'is_multiple_selection' in question && question.is_multiple_selection;
    const wasMultiple = 'is_multiple_selection' in earlier && earlier.is_multiple_selection;
    if (multiple !== wasMultiple) return undefined;
    const still = (option: unknown) =>
      typeof option === 'string'
        ? question.options?.find((offered) => isSameOption(offered, option))
        : undefined;
    if (!multiple) return typeof value === 'string' ? still(value) : undefined;
    if (!Array.isArray(value)) return undefined;
    const kept = value.map(still).filter((option) => option !== undefined);
    return kept.length > 0 ? kept : undefined;
  }
  if (question.type === 'elenco' && earlier.type === 'elenco') {
    if (!Array.isArray(value)) return undefined;
    const items: TListItem[] = [];
    for (const item of value) {
      if (typeof item !== 'object' || item === null) continue;
      const copied: TListItem = {};
      for (const field of question.fields) {
        const before = earlier.fields.find((each) => each.variable === field.variable);
        const carried = before ? carriedValue(before, field, item[field.variable]) : undefined;
        if (carried !== undefined) copied[field.variable] = carried as TListItem[string];
      }
      items.push(copied);
    }
    return items.length > 0 ? items : undefined;
  }
  return typeof value === 'string' ? value : undefined;
}

/**
 * The answers a new contract starts with (DESIGN §15, `PUT /contract/` with `from` and
 * `clients`): every earlier answer whose question has the same key and type (an option only
 * while the new question still offers it, an `elenco`'s items with the fields that match); the
 * parties of a role both lists mark, even under other keys (a `conduttori` list fills the
 * `conduttore_…` questions of another template); then the clients picked for a party question
 * (party question key → the persons), which fill that question's whole party. Every answer kept
 * is one the new list accepts as it is, and shown: an incomplete item or a value outside a
 * question's limits leaves the question to be asked.
 *
 * The lawyer's own party (`LAWYER_ROLE`) takes only `own`, the caller's facts: an earlier
 * answer under the same key (a locazione's `iban` is the landlord's) or of another document
 * never stands for the lawyer. An optional question whose fact is `LEFT_OUT` starts skipped.
 */
export function prefillAnswers(
  target: readonly TQuestion[],
  earlier?: { questions: readonly TQuestion[]; answers: TAnswers },
  clients: Readonly<Record<string, readonly PartyValues[]>> = {},
  own?: PartyValues,
): TAnswers {
  const candidate: TAnswers = {};
  if (earlier) {
    const counted = pruneAnswers(earlier.questions, earlier.answers);
    const byKey = new Map(earlier.questions.map((question) => [question.variable, question]));
    for (const question of target) {
      const before = byKey.get(question.variable);
      if (!before) continue;
      const carried = carriedValue(before, question, answerOf(counted, question.variable));
      if (carried !== undefined) candidate[question.variable] = carried;
    }
    for (const role of rolesOf(target)) {
      const persons = partyValuesFromAnswers(questionsOfRole(earlier.questions, role), counted);
      if (persons.length === 0) continue;
      for (const question of questionsOfRole(target, role)) {
        if (candidate[question.variable] === undefined)
          Object.assign(candidate, answersFromParty(question, persons));
      }
    }
  }
  for (const question of target) {
    if (!question.parte || !isLawyerRole(question.parte.ruolo)) continue;
    delete candidate[question.variable];
    if (!own) continue;
    Object.assign(candidate, answersFromParty(question, [own]));
    // A fact the lawyer left out of their latest document (a studio with no DPO, no telephone):
    // left out again, not asked in every new document.
    const field = 'campo' in question.parte ? question.parte.campo : undefined;
    if (
      candidate[question.variable] === undefined &&
      question.obbligatoria === false &&
      field !== undefined &&
      own[field] === LEFT_OUT
    )
      candidate[question.variable] = null;
  }
  for (const [variable, persons] of Object.entries(clients)) {
    const role = target.find((question) => question.variable === variable)?.parte?.ruolo;
    if (role === undefined) continue;
    // The picked clients are the whole party: nothing of another person stays beside them.
    for (const question of questionsOfRole(target, role)) {
      delete candidate[question.variable];
      Object.assign(candidate, answersFromParty(question, persons));
    }
  }
  const accepted: TAnswers = {};
  for (const question of target) {
    const value = candidate[question.variable];
    if (value !== undefined && validateCanonical(question, value).length === 0)
      accepted[question.variable] = value;
  }
  return pruneAnswers(target, accepted);
}
