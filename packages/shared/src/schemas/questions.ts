import { z } from 'zod';
import { it } from '../messages/it.ts';
import {
  findKeyProblem,
  normalizeVariableKey,
  questionListProblems,
  straightenQuotes,
} from '../questionnaire.ts';

const ZRequiredText = z
  .string({ error: it.validation.required })
  .trim()
  .min(1, it.validation.required);

/**
 * A question's key as the editor types it: spaces become `_` (SPEC §3), and it must be a name the
 * templates' expressions can use, so `{nome_cliente}` reads the answer.
 */
export const ZVariableKey = ZRequiredText.transform(normalizeVariableKey).superRefine(
  (key, ctx) => {
    const problem = findKeyProblem(key);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  },
);

/** One expected answer or a list of them; a list matches when any of its values was given. */
export const ZExpectedAnswer = z.union([
  ZRequiredText,
  z.array(ZRequiredText).min(1, it.questions.conditionAnswerRequired),
]);

/**
 * A condition maps earlier questions' keys to the expected answers; all its pairs must hold.
 * An empty condition would always hold, which is never what an editor meant.
 */
export const ZCondition = z
  .record(z.string(), ZExpectedAnswer)
  .refine((condition) => Object.keys(condition).length > 0, it.questions.conditionEmpty);

export const ZQuestion = z.object({
  variable: ZVariableKey,
  question: ZRequiredText,
  description: z.string().trim().optional(),
  options: z
    .array(ZRequiredText)
    .min(2, it.questions.optionsMin)
    .superRefine((options, ctx) => {
      // "l’arredamento" and "l'arredamento" are one option to conditions and templates.
      const seen = new Set<string>();
      for (const option of options) {
        const compared = straightenQuotes(option);
        if (seen.has(compared))
          ctx.addIssue({ code: 'custom', message: it.questions.optionDuplicate(option) });
        seen.add(compared);
      }
    }),
  /** Alternatives: the question is shown when any condition holds, or always when empty. */
  required_answers: z.array(ZCondition).default([]),
  is_multiple_selection: z.boolean().default(false),
});
export type TQuestion = z.infer<typeof ZQuestion>;
export type TQuestionInput = z.input<typeof ZQuestion>;
export type TCondition = z.infer<typeof ZCondition>;

/** A template's question list: unique keys, conditions only on earlier questions and their options. */
export const ZQuestions = z.array(ZQuestion).superRefine((questions, ctx) => {
  for (const message of questionListProblems(questions)) ctx.addIssue({ code: 'custom', message });
});

/** One answer: an option, or the chosen options of a multiple-selection question. */
export const ZAnswerValue = z.union([z.string(), z.array(z.string())]);
export type TAnswerValue = z.infer<typeof ZAnswerValue>;

/** The answers of a contract: question key → answer (SPEC §3). */
export const ZAnswers = z.record(z.string(), ZAnswerValue);
export type TAnswers = z.infer<typeof ZAnswers>;
