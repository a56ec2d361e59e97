import { z } from 'zod';
import { it } from '../messages/it.ts';
import { ZProposalType } from './blank-proposals.ts';
import { ZQuestionOutput } from './templates.ts';

/**
 * What an editor accepts for each blank of a real form (DESIGN §14): the proposal of
 * POST /template/inspect-blanks, possibly renamed or retyped, or a skip. Shared by the
 * conversion route and the screen that sends it.
 */

/** The question types a proposal may have (those inspect-blanks proposes). */
export const BLANK_QUESTION_TYPES = ZProposalType.options;
export type TBlankQuestionType = (typeof BLANK_QUESTION_TYPES)[number];

const ZText = z.string().trim().min(1, it.validation.required);
const ZType = z.enum(BLANK_QUESTION_TYPES, { error: it.blankConversion.typeUnknown });

export const ZProposedField = z.object({ variable: ZText, label: ZText, type: ZType });
export type TProposedField = z.infer<typeof ZProposedField>;

export const ZBlankProposal = z.object({
  variable: z.string().trim(),
  question: ZText,
  type: ZType,
  options: z.array(ZText).optional(),
  multiple: z.boolean().optional(),
  option: ZText.optional(),
  fields: z.array(ZProposedField).optional(),
  field: ZText.optional(),
  phrase: ZText.optional(),
  aggregate: z.literal('somma').optional(),
});
export type TBlankProposal = z.infer<typeof ZBlankProposal>;

export const ZBlankChoice = z.union([
  z.object({ id: ZText, proposal: ZBlankProposal }),
  z.object({ id: ZText, skip: z.literal(true) }),
]);
export type TBlankChoice = z.infer<typeof ZBlankChoice>;

export const ZBlankChoices = z.array(ZBlankChoice, { error: it.blankConversion.choicesInvalid });

/** POST /template/convert-blanks: the new master and the questions its tags ask. */
export const ZConvertBlanksResult = z.object({
  /** The converted .docx, base64. */
  master: z.string(),
  fileName: z.string(),
  questions: z.array(ZQuestionOutput),
  /** The blanks left as they were. */
  skipped: z.array(z.string()),
});
export type TConvertBlanksResult = z.infer<typeof ZConvertBlanksResult>;
