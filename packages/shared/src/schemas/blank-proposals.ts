import { z } from 'zod';
import type { TQuestionType } from './questions.ts';

/**
 * POST /template/inspect-blanks: the blanks of a form (apps/server documents/blank-finder.ts)
 * with what each should become. The conversion (POST /template/convert-blanks) takes these
 * proposals back, accepted, renamed or retyped.
 */

/** The question types a proposal may have: every type of the question schema. */
export const ZProposalType = z.enum([
  'testo',
  'testo_lungo',
  'numero',
  'importo',
  'data',
  'codice_fiscale',
  'partita_iva',
  'email',
  'scelta',
  'elenco',
  'cap',
  'provincia',
  'iban',
  'telefono',
  'ora',
] as const satisfies readonly TQuestionType[]);
export type TProposalType = z.infer<typeof ZProposalType>;

export const ZBlankKind = z.enum([
  'underscores',
  'dots',
  'placeholder',
  'formField',
  'contentControl',
  'checkbox',
  'boxRow',
  'gender',
  'tableRows',
  'total',
]);
export type TBlankKind = z.infer<typeof ZBlankKind>;

export const ZProposedField = z.object({
  variable: z.string(),
  label: z.string(),
  type: ZProposalType,
});
export type TProposedField = z.infer<typeof ZProposedField>;

export const ZProposal = z.object({
  /** snake_case; the same for the same fact repeated, `_2`… for another fact with the same label. */
  variable: z.string(),
  /** The Italian question to ask («Luogo di nascita»). */
  question: z.string(),
  type: ZProposalType,
  /** `scelta`: every option of the checkbox group or drop-down list. */
  options: z.array(z.string()).optional(),
  /** `scelta`: the boxes are independent (more than one may be ticked). */
  multiple: z.boolean().optional(),
  /** A box of a group: the option it stands for. */
  option: z.string().optional(),
  /** `elenco`: the fields of each item. */
  fields: z.array(ZProposedField).optional(),
  /** A blank inside a repeated block: the elenco field it fills. */
  field: z.string().optional(),
  /** A gender blank: the masculine singular it stands for, for `{variable | accorda:"phrase"}`. */
  phrase: z.string().optional(),
  /** A «Totale» cell: the sum of the elenco's `field` over its items. */
  aggregate: z.literal('somma').optional(),
});
export type TProposal = z.infer<typeof ZProposal>;

export const ZInspectedBlank = z.object({
  /** `word/document.xml#12.0`: stable between an inspection and a conversion of the same bytes. */
  id: z.string(),
  part: z.string(),
  paragraph: z.string(),
  text: z.string(),
  kind: ZBlankKind,
  whole: z.string(),
  at: z.number().int(),
  /** null: nothing sensible to propose (a signature line); the editor may still write one. */
  proposal: ZProposal.nullable(),
});
export type TInspectedBlank = z.infer<typeof ZInspectedBlank>;

export const ZInspectBlanksResult = z.object({ blanks: z.array(ZInspectedBlank) });
export type TInspectBlanksResult = z.infer<typeof ZInspectBlanksResult>;
