import { it } from '@lexpath/shared/messages/it';
import { findKeyProblem, normalizeVariableKey } from '@lexpath/shared/questionnaire';
import type { TCondition, TQuestion } from '@lexpath/shared/schemas/questions';

export interface ConditionPair {
  variable: string;
  answer: string;
}

/** The question editor's state: conditions are alternatives, each a list of pairs (and). */
export interface QuestionForm {
  question: string;
  variable: string;
  description: string;
  options: string[];
  is_multiple_selection: boolean;
  conditions: ConditionPair[][];
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
};

export function toQuestionForm(question: TQuestion): QuestionForm {
  return {
    question: question.question,
    variable: question.variable,
    description: question.description ?? '',
    options: [...question.options],
    is_multiple_selection: question.is_multiple_selection,
    conditions: question.required_answers.map((condition) =>
      Object.entries(condition).map(([variable, answer]) => ({
        variable,
        answer: Array.isArray(answer) ? (answer[0] ?? '') : answer,
      })),
    ),
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
      if (pair.variable && !pair.answer) {
        errors.pairs = {
          ...errors.pairs,
          [`${conditionIndex}.${pairIndex}`]: it.validation.required,
        };
      }
    });
  });
  return errors;
}

export function hasErrors(errors: QuestionFormErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** The question as the template stores it; rows without a picked question are ignored. */
export function toQuestion(form: QuestionForm): TQuestion {
  const required_answers: TCondition[] = form.conditions
    .map((pairs) =>
      Object.fromEntries(
        pairs
          .filter((pair) => pair.variable && pair.answer)
          .map((pair) => [pair.variable, pair.answer]),
      ),
    )
    .filter((condition) => Object.keys(condition).length > 0);
  const description = form.description.trim();
  return {
    variable: normalizeVariableKey(form.variable),
    question: form.question.trim(),
    ...(description ? { description } : {}),
    options: form.options.map((option) => option.trim()).filter((option) => option !== ''),
    required_answers,
    is_multiple_selection: form.is_multiple_selection,
  };
}
