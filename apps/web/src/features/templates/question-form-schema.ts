import { it } from '@lexpath/shared/messages/it';
import { partyProblems } from '@lexpath/shared/parties';
import type { TQuestion } from '@lexpath/shared/schemas/questions';
import { z } from 'zod';
import { partyFormPath, partyMarkOf } from './party-form.ts';
import {
  filledOptions,
  pairProblem,
  type QuestionForm,
  toConditions,
  toQuestion,
} from './question-form.ts';
import { buildTypedQuestion, checkTypedQuestion, type TypedErrors } from './typed-question-form.ts';

/** Where the form shows the list problems this question adds (a condition on a later question…). */
export const LIST_PROBLEMS_PATH = 'root.problems';

/** The question being edited and the draft's list, which the rules compare it with. */
export interface QuestionFormContext {
  questions: readonly TQuestion[];
  index: number | null;
}

/**
 * The question the form describes, or the texts that are no value at all (a limit that is no
 * number). A multiple choice is the SPEC's question; the others are typed (DESIGN §12).
 */
function buildQuestion(form: QuestionForm, original?: TQuestion) {
  if (form.type === 'scelta') return { question: toQuestion(form, original), errors: {} };
  return buildTypedQuestion(
    { ...form, type: form.type, required_answers: toConditions(form), parte: partyMarkOf(form) },
    original,
  );
}

/**
 * The question's path as the form's: the form keeps the question's keys, but an option is an
 * object (`options.2.text`) and counts blank rows, which the question leaves out.
 */
function formPath(path: string, form: QuestionForm): string {
  const party = partyFormPath(path);
  if (party) return party;
  const option = /^options\.(\d+)$/.exec(path);
  if (!option) return path;
  const position = filledOptions(form)[Number(option[1])];
  return position === undefined ? 'options' : `options.${position}.text`;
}

/**
 * The editor's form read by the shared rules alone: the question is built from the typed texts
 * and checked by `ZQuestion` and the question list's rules (through `checkTypedQuestion`), so
 * the editor shows the messages the server would give. Its output is the question to store.
 */
export function questionFormSchema({ questions, index }: QuestionFormContext) {
  const original = index === null ? undefined : questions[index];
  return z.custom<QuestionForm>().transform((form, ctx) => {
    const built = buildQuestion(form, original);
    const checked = checkTypedQuestion(built.question, questions, index);
    const errors: TypedErrors = {};
    for (const [path, message] of Object.entries({ ...checked.errors, ...built.errors }))
      errors[formPath(path, form)] = message;
    form.conditions.forEach(({ pairs }, c) => {
      pairs.forEach((pair, p) => {
        const problem = pairProblem(pair);
        if (problem) errors[`conditions.${c}.pairs.${p}`] = problem;
      });
    });
    // The party's mapping: a client field that does not exist or that the type cannot take.
    const party = partyProblems([built.question]);
    if (party.length > 0) errors.parte_campo ??= party.join(' ');
    const otherKeys = questions.filter((_, position) => position !== index).map((q) => q.variable);
    const duplicate = otherKeys.includes(built.question.variable)
      ? it.questions.keyDuplicate(built.question.variable)
      : undefined;
    if (duplicate) errors.variable ??= duplicate;
    const problems = checked.problems.filter((problem) => problem !== duplicate);
    if (problems.length > 0) errors[LIST_PROBLEMS_PATH] = problems.join(' ');
    const paths = Object.keys(errors);
    if (paths.length === 0) return built.question;
    for (const path of paths)
      ctx.addIssue({ code: 'custom', message: errors[path] as string, path: path.split('.') });
    return z.NEVER;
  });
}
