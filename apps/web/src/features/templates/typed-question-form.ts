import {
  centsToAmount,
  decimalOf,
  formatData,
  formatImporto,
  formatNumero,
  parseData,
  parseImporto,
  parseNumero,
  TODAY_LIMIT,
} from '@lexpath/shared/answer-types';
import { it } from '@lexpath/shared/messages/it';
import { normalizeVariableKey, questionListProblems } from '@lexpath/shared/questionnaire';
import {
  type TListField,
  type TQuestion,
  type TQuestionType,
  ZQuestion,
} from '@lexpath/shared/schemas/questions';
import type { z } from 'zod';

const texts = it.web.questionEditor;

/** DESIGN §12 types in the order the selector offers them; `scelta` (the SPEC's) first. */
export const QUESTION_TYPES = [
  'scelta',
  'testo',
  'testo_lungo',
  'numero',
  'importo',
  'data',
  'codice_fiscale',
  'partita_iva',
  'email',
  'cap',
  'provincia',
  'iban',
  'telefono',
  'ora',
  'elenco',
] as const satisfies readonly TQuestionType[];

/** A field of an `elenco` item may be any type but another `elenco`. */
export const FIELD_TYPES = QUESTION_TYPES.filter(
  (type): type is Exclude<TQuestionType, 'elenco'> => type !== 'elenco',
);
export type FieldType = (typeof FIELD_TYPES)[number];

/** A type's own settings as the editor types them (Italian numbers, dates or `oggi`). */
export interface TypeSettings {
  min: string;
  max: string;
  decimals: string;
  max_length: string;
  pec: boolean;
}

/** One field of an `elenco` item in the editor; `original` keeps its stored form. */
export interface FieldForm extends TypeSettings {
  type: FieldType;
  variable: string;
  question: string;
  description: string;
  /** A `scelta` field's answers, one per line. */
  options: string;
  is_multiple_selection: boolean;
  /** Off: the field may be left empty in each item (stored `obbligatoria: false`). */
  obbligatoria: boolean;
  /** The client field this field takes when the `elenco` is a party; '' for none. */
  parte_campo: string;
  original?: TListField | undefined;
}

/** The `elenco` settings of the editor's state. */
export interface ListSettings {
  fields: FieldForm[];
  min_items: string;
  max_items: string;
  label_singolare: string;
  label_plurale: string;
}

export const emptySettings: TypeSettings = {
  min: '',
  max: '',
  decimals: '',
  max_length: '',
  pec: false,
};

export const emptyListSettings: ListSettings = {
  fields: [],
  min_items: '1',
  max_items: '',
  label_singolare: '',
  label_plurale: '',
};

export function emptyField(type: FieldType = 'testo'): FieldForm {
  return {
    ...emptySettings,
    type,
    variable: '',
    question: '',
    description: '',
    options: '',
    is_multiple_selection: false,
    obbligatoria: true,
    parte_campo: '',
  };
}

type Limited = { type?: string; min?: number | string; max?: number | string };

/** The stored limit as the editor shows it: `1.234,50` for an amount, `23/11/2026` for a date. */
function limitText(question: Limited, limit: number | string | undefined): string {
  if (limit === undefined) return '';
  if (typeof limit === 'string') return limit === TODAY_LIMIT ? limit : formatData(limit);
  if (question.type === 'importo')
    return formatImporto(centsToAmount(Math.round(limit * 100))).replace(/\s€$/, '');
  return formatNumero(decimalOf(limit));
}

export function toTypeSettings(question: object): TypeSettings {
  const q = question as Limited & { decimals?: number; max_length?: number; pec?: boolean };
  return {
    min: limitText(q, q.min),
    max: limitText(q, q.max),
    decimals: q.decimals === undefined ? '' : String(q.decimals),
    max_length: q.max_length === undefined ? '' : String(q.max_length),
    pec: q.pec === true,
  };
}

export function toListSettings(question: TQuestion): ListSettings {
  if (question.type !== 'elenco') return emptyListSettings;
  return {
    fields: question.fields.map((field) => ({
      ...toTypeSettings(field),
      type: (field.type ?? 'scelta') as FieldType,
      variable: field.variable,
      question: field.question,
      description: field.description ?? '',
      options: (field.options ?? []).join('\n'),
      is_multiple_selection:
        field.type === undefined || field.type === 'scelta' ? field.is_multiple_selection : false,
      obbligatoria: field.obbligatoria !== false,
      parte_campo: question.parte?.campi[field.variable] ?? '',
      original: field,
    })),
    min_items: String(question.min_items),
    max_items: question.max_items === undefined ? '' : String(question.max_items),
    label_singolare: question.label_singolare,
    label_plurale: question.label_plurale,
  };
}

/** Errors of the typed part of the form: dotted path (`min`, `fields.0.variable`) → message. */
export type TypedErrors = Record<string, string>;

/** Reads a limit typed in Italian; a text that is no limit of the type is an error here. */
function readLimit(
  type: string,
  text: string,
  path: string,
  errors: TypedErrors,
): number | string | undefined {
  const typed = text.trim();
  if (typed === '') return undefined;
  if (type === 'data') {
    if (typed.toLowerCase() === TODAY_LIMIT) return TODAY_LIMIT;
    const parsed = parseData(typed);
    if (parsed.ok) return parsed.value;
    errors[path] = texts.dateLimit;
    return undefined;
  }
  const parsed = type === 'importo' ? parseImporto(typed) : parseNumero(typed);
  if (parsed.ok) return Number(parsed.value);
  errors[path] = parsed.error;
  return undefined;
}

function readWhole(text: string, path: string, errors: TypedErrors): number | undefined {
  const typed = text.trim();
  if (typed === '') return undefined;
  if (!/^\d+$/.test(typed)) {
    errors[path] = texts.wholeNumber;
    return undefined;
  }
  return Number(typed);
}

/** The type's own keys in the order a new question is written with. */
function settingsOf(
  type: string,
  settings: TypeSettings,
  prefix: string,
  errors: TypedErrors,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (type === 'testo')
    out.max_length = readWhole(settings.max_length, `${prefix}max_length`, errors);
  if (type === 'numero' || type === 'importo' || type === 'data') {
    out.min = readLimit(type, settings.min, `${prefix}min`, errors);
    out.max = readLimit(type, settings.max, `${prefix}max`, errors);
  }
  if (type === 'numero') out.decimals = readWhole(settings.decimals, `${prefix}decimals`, errors);
  if (type === 'email' && settings.pec) out.pec = true;
  return out;
}

/**
 * The object with `original`'s key order (so a question opened and saved unchanged gives the
 * same JSON), new keys after; keys whose value is undefined are left out.
 */
function inOrder<T extends object>(built: Record<string, unknown>, original?: object): T {
  const present = Object.keys(built).filter((key) => built[key] !== undefined);
  const keys = original
    ? [
        ...Object.keys(original).filter((key) => present.includes(key)),
        ...present.filter((key) => !(key in original)),
      ]
    : present;
  return Object.fromEntries(keys.map((key) => [key, built[key]])) as T;
}

function fieldOf(field: FieldForm, index: number, errors: TypedErrors): TListField {
  const prefix = `fields.${index}.`;
  const description = field.description.trim();
  const choice = field.type === 'scelta';
  const original = field.original as Record<string, unknown> | undefined;
  const built: Record<string, unknown> = {
    variable: normalizeVariableKey(field.variable),
    question: field.question.trim(),
    description: description || undefined,
    // A multiple-choice field stored without `type` stays without it.
    type: choice && !(original && 'type' in original) ? undefined : field.type,
    options: choice
      ? field.options
          .split('\n')
          .map((option) => option.trim())
          .filter((option) => option !== '')
      : undefined,
    ...settingsOf(field.type, field, prefix, errors),
    required_answers: original && 'required_answers' in original ? [] : undefined,
    is_multiple_selection: choice ? field.is_multiple_selection : undefined,
    obbligatoria: field.obbligatoria ? undefined : false,
  };
  const sameType = original !== undefined && field.type === (original.type ?? 'scelta');
  return inOrder<TListField>(built, sameType ? original : undefined);
}

/**
 * The typed question (DESIGN §12) the form describes, before the shared schema checks it, and the
 * errors of texts that are no value at all (a limit that is no number).
 */
export function buildTypedQuestion(
  form: TypeSettings &
    ListSettings & {
      type: Exclude<TQuestionType, 'scelta'>;
      question: string;
      variable: string;
      description: string;
      required_answers: TQuestion['required_answers'];
      /** False: the question may be skipped; true (the default) writes nothing. */
      obbligatoria?: boolean;
      /** The party mark (`partyMarkOf`), when the question is a party. */
      parte?: TQuestion['parte'];
    },
  original?: TQuestion,
): { question: TQuestion; errors: TypedErrors } {
  const errors: TypedErrors = {};
  const { type } = form;
  const description = form.description.trim();
  const keepsConditions =
    form.required_answers.length > 0 || !original || 'required_answers' in original;
  const built: Record<string, unknown> = {
    variable: normalizeVariableKey(form.variable),
    question: form.question.trim(),
    description: description || undefined,
    type,
    ...settingsOf(type, form, '', errors),
    ...(type === 'elenco'
      ? {
          fields: form.fields.map((field, index) => fieldOf(field, index, errors)),
          min_items: readWhole(form.min_items, 'min_items', errors),
          max_items: readWhole(form.max_items, 'max_items', errors),
          label_singolare: form.label_singolare.trim(),
          label_plurale: form.label_plurale.trim(),
        }
      : {}),
    required_answers: keepsConditions ? form.required_answers : undefined,
    obbligatoria: form.obbligatoria === false ? false : undefined,
    parte: form.parte,
  };
  return {
    question: inOrder<TQuestion>(built, original?.type === type ? original : undefined),
    errors,
  };
}

/** A zod issue in Italian: the shared schema's own message, or the range it broke. */
function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_small' && issue.origin === 'number')
    return texts.atLeast(Number(issue.minimum));
  if (issue.code === 'too_big' && issue.origin === 'number')
    return texts.atMost(Number(issue.maximum));
  if (issue.code === 'invalid_type' && issue.expected === 'number') return it.validation.notANumber;
  return issue.message;
}

/**
 * Checks a typed question with the shared rules only (`ZQuestion` and `questionListProblems`,
 * DESIGN §12): the field errors by dotted path, and the list's problems this question adds.
 */
export function checkTypedQuestion(
  question: TQuestion,
  questions: readonly TQuestion[],
  index: number | null,
): { errors: TypedErrors; problems: string[] } {
  const errors: TypedErrors = {};
  const parsed = ZQuestion.safeParse(question);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= messageOf(issue);
    }
  }
  const before = questionListProblems(questions);
  const after = questionListProblems(
    index === null
      ? [...questions, question]
      : questions.map((current, position) => (position === index ? question : current)),
  );
  return { errors, problems: after.filter((problem) => !before.includes(problem)) };
}
