import { it } from '@lexpath/shared/messages/it';
import { findKeyProblem, normalizeVariableKey } from '@lexpath/shared/questionnaire';
import {
  type TCondition,
  type TQuestion,
  type TQuestionType,
  ZExpectedCount,
} from '@lexpath/shared/schemas/questions';
import {
  emptyListSettings,
  emptySettings,
  type ListSettings,
  type TypeSettings,
  toListSettings,
  toTypeSettings,
} from './typed-question-form.ts';

// The editor edits answers to multiple-choice questions: an option or a list of options.
type ExpectedAnswer = Exclude<TCondition[string], { almeno: number }>;

/**
 * One pair of a condition: an earlier question and the answers that satisfy it (any of them).
 * `stored` is the value the pair was loaded with, so an unchanged pair is saved as it was
 * (`"x"` stays a string, `["x"]` stays a list).
 */
export interface ConditionPair {
  variable: string;
  answers: string[];
  stored?: ExpectedAnswer | undefined;
  /** A pair on an `elenco` (DESIGN §12): "almeno N elementi", as typed. */
  count?: string | undefined;
}

/** The question editor's state: conditions are alternatives, each a list of pairs (and). */
export interface QuestionForm {
  question: string;
  variable: string;
  description: string;
  options: string[];
  is_multiple_selection: boolean;
  conditions: ConditionPair[][];
  /** DESIGN §12: `scelta` is the SPEC's question (the fields above); others use the settings. */
  type: TQuestionType;
  settings: TypeSettings;
  list: ListSettings;
  /** Off: the lawyer may skip the question (stored `obbligatoria: false`). */
  obbligatoria: boolean;
}

export type QuestionFormErrors = {
  question?: string;
  variable?: string;
  options?: string;
  optionItems?: Record<number, string>;
  /** "condition.pair" → message */
  pairs?: Record<string, string>;
};

export const emptyQuestionForm: QuestionForm = {
  question: '',
  variable: '',
  description: '',
  options: ['', ''],
  is_multiple_selection: false,
  conditions: [],
  type: 'scelta',
  settings: emptySettings,
  list: emptyListSettings,
  obbligatoria: true,
};

export function toQuestionForm(question: TQuestion): QuestionForm {
  return {
    question: question.question,
    variable: question.variable,
    description: question.description ?? '',
    // The editor edits multiple-choice questions; typed ones (DESIGN §12) have no options.
    // A typed question switched to a multiple choice starts, as a new one, with two answers.
    options: question.options ? [...question.options] : ['', ''],
    is_multiple_selection:
      question.type === undefined || question.type === 'scelta'
        ? question.is_multiple_selection
        : false,
    conditions: question.required_answers.map((condition) =>
      Object.entries(condition).map(([variable, answer]) => ({
        variable,
        answers: typeof answer === 'string' ? [answer] : Array.isArray(answer) ? [...answer] : [],
        stored: typeof answer === 'string' || Array.isArray(answer) ? answer : undefined,
        count: typeof answer === 'object' && 'almeno' in answer ? String(answer.almeno) : undefined,
      })),
    ),
    type: question.type ?? 'scelta',
    settings: toTypeSettings(question),
    list: toListSettings(question),
    obbligatoria: question.obbligatoria !== false,
  };
}

/**
 * SPEC §5 question rules: text and key required, key not starting with a digit (spaces become _)
 * and not used by another question, at least 2 answers, an answer for each picked question.
 */
export function validateQuestionForm(
  form: QuestionForm,
  otherKeys: readonly string[],
): QuestionFormErrors {
  const errors: QuestionFormErrors = {};
  if (form.question.trim() === '') errors.question = it.validation.required;
  const key = normalizeVariableKey(form.variable);
  const keyProblem = findKeyProblem(key);
  if (keyProblem) errors.variable = keyProblem;
  else if (otherKeys.includes(key)) errors.variable = it.questions.keyDuplicate(key);
  const filled = form.options.filter((option) => option.trim() !== '');
  if (filled.length < 2) errors.options = it.questions.optionsMin;
  const seen = new Set<string>();
  form.options.forEach((option, index) => {
    const text = option.trim();
    if (text === '') return;
    if (seen.has(text)) {
      errors.optionItems = { ...errors.optionItems, [index]: it.questions.optionDuplicate(text) };
    }
    seen.add(text);
  });
  form.conditions.forEach((pairs, conditionIndex) => {
    pairs.forEach((pair, pairIndex) => {
      const problem = pairProblem(pair);
      if (problem) {
        errors.pairs = { ...errors.pairs, [`${conditionIndex}.${pairIndex}`]: problem };
      }
    });
  });
  return errors;
}

/** A picked question with no accepted answer, or a number of items that is none (shared rule). */
function pairProblem(pair: ConditionPair): string | undefined {
  if (!pair.variable) return undefined;
  if (pair.count !== undefined) {
    const count = pair.count.trim();
    if (count === '') return it.validation.required;
    const parsed = ZExpectedCount.safeParse({ almeno: /^\d+$/.test(count) ? Number(count) : NaN });
    return parsed.success ? undefined : parsed.error.issues[0]?.message;
  }
  return pair.answers.length === 0 ? it.validation.required : undefined;
}

/** The conditions' errors alone (typed questions check the rest with the shared schema). */
export function validateConditions(form: QuestionForm): QuestionFormErrors {
  const { pairs } = validateQuestionForm(form, []);
  return pairs ? { pairs } : {};
}

export function hasErrors(errors: QuestionFormErrors): boolean {
  return Object.keys(errors).length > 0;
}

/**
 * A pair's answers after the editor ticks or unticks `answer`: kept in the order of the
 * question's options, so the saved list reads as the options do.
 */
export function toggleAnswer(
  answers: readonly string[],
  answer: string,
  checked: boolean,
  options: readonly string[],
): string[] {
  if (!checked) return answers.filter((current) => current !== answer);
  if (answers.includes(answer)) return [...answers];
  const rank = (value: string) => {
    const position = options.indexOf(value);
    return position === -1 ? options.length : position;
  };
  return [...answers, answer].sort((a, b) => rank(a) - rank(b));
}

/** One answer is saved as a string, several as a list; an unchanged pair as it was loaded. */
function expectedAnswer(pair: ConditionPair): TCondition[string] {
  if (pair.count !== undefined) return { almeno: Number(pair.count.trim()) };
  const { stored, answers } = pair;
  if (stored !== undefined) {
    const before = Array.isArray(stored) ? stored : [stored];
    if (before.length === answers.length && before.every((value, i) => value === answers[i])) {
      return stored;
    }
  }
  return answers.length === 1 ? (answers[0] as string) : [...answers];
}

/**
 * The question as the template stores it; rows without a picked question or answer are
 * ignored. With `original` (the question being edited) its key order is kept, so opening and
 * saving a question unchanged gives back the same JSON.
 */
export function toConditions(form: QuestionForm): TCondition[] {
  return form.conditions
    .map((pairs) =>
      Object.fromEntries(
        pairs
          .filter((pair) => pair.variable && (pair.answers.length > 0 || pair.count !== undefined))
          .map((pair) => [pair.variable, expectedAnswer(pair)]),
      ),
    )
    .filter((condition) => Object.keys(condition).length > 0);
}

export function toQuestion(form: QuestionForm, original?: TQuestion): TQuestion {
  const required_answers = toConditions(form);
  const description = form.description.trim();
  const question: TQuestion = {
    variable: normalizeVariableKey(form.variable),
    question: form.question.trim(),
    ...(description ? { description } : {}),
    // A question stored with an explicit `"type": "scelta"` keeps it.
    ...(original?.type === 'scelta' ? { type: 'scelta' as const } : {}),
    options: form.options.map((option) => option.trim()).filter((option) => option !== ''),
    required_answers,
    is_multiple_selection: form.is_multiple_selection,
    // Required is the default: only an optional question says so.
    ...(form.obbligatoria ? {} : { obbligatoria: false }),
  };
  if (!original) return question;
  const keys = [
    ...Object.keys(original).filter((key) => key in question),
    ...Object.keys(question).filter((key) => !(key in original)),
  ] as Array<keyof TQuestion>;
  return Object.fromEntries(keys.map((key) => [key, question[key]])) as TQuestion;
}
