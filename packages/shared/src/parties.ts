/**
 * Parties: the questions an editor marks as a person or a company of the contract (a role such
 * as «conduttore» or «cliente») and maps to the client register's fields, so that a client, or
 * the same party of an earlier document, fills them. The list of fields a mapping may name, and
 * the checks of a template's mappings.
 */
import type { AnswerRules } from './answer-types.ts';
import { it } from './messages/it.ts';
import {
  CLIENT_PERSON_FIELDS,
  type ClientField,
  COMPANY_FIELDS,
  LEGAL_REPRESENTATIVE,
  PERSON_FIELDS,
  type TClientKind,
} from './schemas/clients.ts';

const texts = it.parties;

/**
 * A client field a party question may be mapped to: a field of the register (`nome`,
 * `legale_rappresentante.codice_fiscale`…) or one composed from several (`nome_completo`,
 * `indirizzo_completo`), for the templates that ask «nome e cognome» or a whole address in one
 * answer. A composed field fills a question; typed by hand, it is kept whole.
 */
export type PartyField = {
  name: string;
  type: ClientField['type'] | 'importo' | 'iban';
  label: string;
  options?: readonly string[];
  composed?: true;
  /** A fact of the lawyer's own (their Ordine, their policy, their IBAN), never a client's. */
  lawyerOnly?: true;
};

export const FULL_NAME = 'nome_completo';
export const FULL_ADDRESS = 'indirizzo_completo';
/** The client's kind, for a template's «persona fisica o società?» choice. */
export const CLIENT_KIND_FIELD = 'tipo';

const COMPANY_OPTION = /giuridic|societ|impres|ente\b|aziend|ditta/i;
const PERSON_OPTION = /fisic|privat|individu|consumator/i;

/** The kind an option or a stored value names: «Società» a persona giuridica, «Persona fisica» a person. */
export function kindNamed(value: string): TClientKind | undefined {
  if (value === 'persona_fisica' || value === 'persona_giuridica') return value;
  if (COMPANY_OPTION.test(value)) return 'persona_giuridica';
  if (PERSON_OPTION.test(value)) return 'persona_fisica';
  return undefined;
}

/** The option of a choice that names the kind («Società», «Persona fisica»…), if it has one. */
export function optionOfKind(options: readonly string[], kind: TClientKind): string | undefined {
  return options.find((option) => kindNamed(option) === kind);
}

const composedFields = (prefix: string, labelOf: (label: string) => string): PartyField[] => [
  {
    name: `${prefix}${FULL_NAME}`,
    type: 'testo',
    label: labelOf(texts.derivedFields.nome_completo),
    composed: true,
  },
  {
    name: `${prefix}${FULL_ADDRESS}`,
    type: 'testo',
    label: labelOf(texts.derivedFields.indirizzo_completo),
    composed: true,
  },
];

const asPartyField =
  (prefix: string, labelOf: (label: string) => string) =>
  (field: ClientField): PartyField => ({
    name: `${prefix}${field.variable}`,
    type: field.type,
    label: labelOf(field.label),
    ...(field.options ? { options: field.options } : {}),
  });

function ownFields(): PartyField[] {
  const seen = new Set<string>();
  const fields: PartyField[] = [];
  for (const field of [...CLIENT_PERSON_FIELDS, ...COMPANY_FIELDS]) {
    if (seen.has(field.variable)) continue;
    seen.add(field.variable);
    fields.push(asPartyField('', (label) => label)(field));
  }
  return fields;
}

/**
 * The reserved role of the lawyer who uses the template (the engagement pack's «avvocato»): its
 * questions are filled from the caller's account, billing profile and latest documents, never
 * from a client or another lawyer's document.
 */
export const LAWYER_ROLE = 'avvocato';

const lawyerTexts = it.lawyerParty.fields;

/** The lawyer's facts that no client has: kept from the lawyer's latest document that asked them. */
const LAWYER_FIELDS: readonly PartyField[] = [
  { name: 'ordine', type: 'testo', label: lawyerTexts.ordine, lawyerOnly: true },
  {
    name: 'polizza_compagnia',
    type: 'testo',
    label: lawyerTexts.polizza_compagnia,
    lawyerOnly: true,
  },
  { name: 'polizza_numero', type: 'testo', label: lawyerTexts.polizza_numero, lawyerOnly: true },
  {
    name: 'polizza_massimale',
    type: 'importo',
    label: lawyerTexts.polizza_massimale,
    lawyerOnly: true,
  },
  { name: 'iban', type: 'iban', label: lawyerTexts.iban, lawyerOnly: true },
  // The studio's data protection officer and its use of AI systems are the same for every
  // client; their choices are the template's own words, so no options are imposed.
  { name: 'dpo_email', type: 'email', label: lawyerTexts.dpo_email, lawyerOnly: true },
  { name: 'ia_uso', type: 'scelta', label: lawyerTexts.ia_uso, lawyerOnly: true },
  { name: 'ia_dati', type: 'scelta', label: lawyerTexts.ia_dati, lawyerOnly: true },
];

/** Every client field a mapping may name, in the order the editor offers them. */
export const PARTY_FIELDS: readonly PartyField[] = [
  { name: CLIENT_KIND_FIELD, type: 'scelta', label: texts.derivedFields.tipo, composed: true },
  ...ownFields(),
  ...composedFields('', (label) => label),
  ...PERSON_FIELDS.map(asPartyField(`${LEGAL_REPRESENTATIVE}.`, texts.legalRepresentativeField)),
  ...composedFields(`${LEGAL_REPRESENTATIVE}.`, texts.legalRepresentativeField),
  ...LAWYER_FIELDS,
];

const fieldsByName = new Map(PARTY_FIELDS.map((field) => [field.name, field]));

export function findPartyField(name: string): PartyField | undefined {
  return fieldsByName.get(name);
}

/** The client types whose canonical text reads well as a free text answer. */
const TEXTUAL: ReadonlySet<string> = new Set([
  'testo',
  'codice_fiscale',
  'partita_iva',
  'email',
  'cap',
  'provincia',
  'telefono',
]);

/**
 * Whether a question (or an `elenco` field) can take the client field's value as its answer: the
 * same type, a free text for any value but a date, a single choice offering every option (the
 * genere's «maschile» and «femminile», as `accorda` reads them).
 */
export function isCompatible(question: AnswerRules, field: PartyField): boolean {
  const type = question.type ?? 'scelta';
  if (field.name === CLIENT_KIND_FIELD) {
    // A choice with an option for each kind: «Persona fisica» and «Società», in its own words.
    const options = question.options ?? [];
    return (
      type === 'scelta' &&
      question.is_multiple_selection !== true &&
      optionOfKind(options, 'persona_fisica') !== undefined &&
      optionOfKind(options, 'persona_giuridica') !== undefined
    );
  }
  if (field.type === 'scelta') {
    return (
      type === 'scelta' &&
      question.is_multiple_selection !== true &&
      (field.options ?? []).every((option) => question.options?.includes(option))
    );
  }
  if (type === 'testo' || type === 'testo_lungo') return TEXTUAL.has(field.type);
  return type === field.type;
}

/** A party mark on a single question: its role and the one client field it takes. */
export type PartyMark = { ruolo: string; campo: string };
/** A party mark on an `elenco`: each item is one party of the role; field key → client field. */
export type PartyListMark = { ruolo: string; campi: Record<string, string> };

type MarkedRules = AnswerRules & { parte?: PartyMark | PartyListMark };

/** Roles compare without case and outer spaces: «Conduttore» and «conduttore» are one party. */
export function sameRole(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase('it') === b.trim().toLocaleLowerCase('it');
}

export function isLawyerRole(role: string): boolean {
  return sameRole(role, LAWYER_ROLE);
}

function mappingsOf(question: MarkedRules): { field?: AnswerRules; key: string; name: string }[] {
  const mark = question.parte;
  if (!mark) return [];
  if ('campi' in mark) {
    return Object.entries(mark.campi).map(([key, name]) => ({
      key,
      name,
      field: question.fields?.find((each) => each.variable === key),
    }));
  }
  return [{ key: question.variable, name: mark.campo, field: question }];
}

/**
 * Every reason a list's party marks are wrong, in Italian: a client field that does not exist,
 * an answer type that cannot take it, an `elenco` field that is not there, a client field given
 * to two questions of one role.
 */
export function partyProblems(questions: readonly MarkedRules[]): string[] {
  const problems: string[] = [];
  const used = new Map<string, Set<string>>();
  for (const question of questions) {
    const mark = question.parte;
    if (!mark) continue;
    const label = question.question?.trim() || question.variable;
    const role = mark.ruolo.trim().toLocaleLowerCase('it');
    const roleFields = used.get(role) ?? new Set<string>();
    used.set(role, roleFields);
    const lawyer = isLawyerRole(mark.ruolo);
    if (lawyer && 'campi' in mark) {
      problems.push(it.lawyerParty.notAList(label));
      continue;
    }
    for (const { key, name, field } of mappingsOf(question)) {
      const target = findPartyField(name);
      if (!field) {
        problems.push(texts.unknownListField(label, key));
      } else if (!target) {
        problems.push(texts.unknownClientField(label, name));
      } else if (target.lawyerOnly && !lawyer) {
        problems.push(it.lawyerParty.onlyForLawyer(label, target.label));
      } else if (!isCompatible(field, target)) {
        problems.push(texts.incompatible(label, target.label));
      } else if (roleFields.has(name)) {
        problems.push(texts.fieldMappedTwice(mark.ruolo.trim(), target.label));
      }
      roleFields.add(name);
    }
  }
  return problems;
}
