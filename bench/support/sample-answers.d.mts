// Types of sample-answers.mjs, for the TypeScript that imports it (the PostgreSQL restart test).
type SampleQuestion = {
  type?: string;
  options?: string[];
  is_multiple_selection?: boolean;
  min?: unknown;
  max?: unknown;
  min_items?: number;
  fields?: SampleQuestion[];
};
export function sampleTyped(question: SampleQuestion): unknown;
export const isTyped: (question: SampleQuestion) => boolean;
export function sampleAnswer(question: SampleQuestion): unknown;
