import { it } from '@lexpath/shared/messages/it';
import type { TCondition, TQuestion } from '@lexpath/shared/schemas/questions';

const texts = it.web.masterForm;

/** "a = x e b = y oppure c = z": conditions are alternatives, pairs within one cumulative. */
export function describeConditions(conditions: readonly TCondition[]): string {
  return conditions
    .map((condition) =>
      Object.entries(condition)
        .map(([key, value]) => `${key} = ${Array.isArray(value) ? value.join(' / ') : value}`)
        .join(` ${texts.and} `),
    )
    .join(` ${texts.or} `);
}

/**
 * SPEC §8: deleting a question removes the pairs that name it from the other questions'
 * conditions; a condition left without pairs is dropped.
 */
export function removeQuestion(questions: readonly TQuestion[], index: number): TQuestion[] {
  const removed = questions[index]?.variable;
  return questions
    .filter((_, position) => position !== index)
    .map((question) => ({
      ...question,
      required_answers: question.required_answers
        .map((condition) =>
          Object.fromEntries(Object.entries(condition).filter(([key]) => key !== removed)),
        )
        .filter((condition) => Object.keys(condition).length > 0),
    }));
}
