import { it } from '@lexpath/shared/messages/it';
import { normalizeVariableKey } from '@lexpath/shared/questionnaire';
import {
  type TCondition,
  type TQuestion,
  type TQuestionType,
  ZExpectedCount,
} from '@lexpath/shared/schemas/questions';
import {
  emptyPartySettings,
  type PartySettings,
  partyMarkOf,
  toPartySettings,
} from './party-form.ts';
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

/** One answer of a multiple choice, as an object so the form's field array can key it. */
export interface OptionForm {
  text: string;
}

/** One condition: its pairs must all hold (and); conditions are alternatives (or). */
export interface ConditionForm {
  pairs: ConditionPair[];
}

/**
 * The question editor's state. The typed settings and the `elenco` settings sit at the top, under
 * the keys the question has, so the shared schema's issues land on the field that caused them.
 */
export interface QuestionForm extends TypeSettings, ListSettings, PartySettings {
  question: string;
  variable: string;
  description: string;
  options: OptionForm[];
  is_multiple_selection: boolean;
  conditions: ConditionForm[];
  /** DESIGN §12: `scelta` is the SPEC's question; the others use the settings. */
  type: TQuestionType;
  /** Off: the lawyer may skip the question (stored `obbligatoria: false`). */
  obbligatoria: boolean;
}

export const emptyQuestionForm: QuestionForm = {
  question: '',
  variable: '',
  description: '',
  options: [{ text: '' }, { text: '' }],
  is_multiple_selection: false,
  conditions: [],
  type: 'scelta',
  obbligatoria: true,
  ...emptySettings,
  ...emptyListSettings,
  ...emptyPartySettings,
};

export function toQuestionForm(question: TQuestion): QuestionForm {
  return {
    question: question.question,
    variable: question.variable,
    description: question.description ?? '',
    // The editor edits multiple-choice questions; typed ones (DESIGN §12) have no options.
    // A typed question switched to a multiple choice starts, as a new one, with two answers.
    options: (question.options ?? ['', '']).map((text) => ({ text })),
    is_multiple_selection:
      question.type === undefined || question.type === 'scelta'
        ? question.is_multiple_selection
        : false,
    conditions: question.required_answers.map((condition) => ({
      pairs: Object.entries(condition).map(([variable, answer]) => ({
        variable,
        answers: typeof answer === 'string' ? [answer] : Array.isArray(answer) ? [...answer] : [],
        stored: typeof answer === 'string' || Array.isArray(answer) ? answer : undefined,
        count: typeof answer === 'object' && 'almeno' in answer ? String(answer.almeno) : undefined,
      })),
    })),
    type: question.type ?? 'scelta',
    obbligatoria: question.obbligatoria !== false,
    ...toTypeSettings(question),
    ...toListSettings(question),
    ...toPartySettings(question),
  };
}

/** A picked question with no accepted answer, or a number of items that is none (shared rule). */
export function pairProblem(pair: ConditionPair): string | undefined {
  if (!pair.variable) return undefined;
  if (pair.count !== undefined) {
    const count = pair.count.trim();
    if (count === '') return it.validation.required;
    const parsed = ZExpectedCount.safeParse({ almeno: /^\d+$/.test(count) ? Number(count) : NaN });
    return parsed.success ? undefined : parsed.error.issues[0]?.message;
  }
  return pair.answers.length === 0 ? it.validation.required : undefined;
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
    .map(({ pairs }) =>
      Object.fromEntries(
        pairs
          .filter((pair) => pair.variable && (pair.answers.length > 0 || pair.count !== undefined))
          .map((pair) => [pair.variable, expectedAnswer(pair)]),
      ),
    )
    .filter((condition) => Object.keys(condition).length > 0);
}

/** The positions of the options the editor filled: blank rows are left out of the question. */
export function filledOptions(form: Pick<QuestionForm, 'options'>): number[] {
  return form.options.flatMap((option, position) => (option.text.trim() === '' ? [] : [position]));
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
    options: filledOptions(form).map((position) =>
      (form.options[position] as OptionForm).text.trim(),
    ),
    required_answers,
    is_multiple_selection: form.is_multiple_selection,
    // Required is the default: only an optional question says so.
    ...(form.obbligatoria ? {} : { obbligatoria: false }),
  };
  const parte = partyMarkOf(form);
  if (parte) Object.assign(question, { parte });
  if (!original) return question;
  const keys = [
    ...Object.keys(original).filter((key) => key in question),
    ...Object.keys(question).filter((key) => !(key in original)),
  ] as Array<keyof TQuestion>;
  return Object.fromEntries(keys.map((key) => [key, question[key]])) as TQuestion;
}
