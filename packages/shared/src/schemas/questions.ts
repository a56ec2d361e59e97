import { z } from 'zod';
import {
  ELENCO_MAX_ITEMS,
  isCanonicalData,
  TEXT_MAX_LENGTH,
  TODAY_LIMIT,
} from '../answer-types.ts';
import { it } from '../messages/it.ts';
import { partyProblems } from '../parties.ts';
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
export const ZExpectedChoice = z.union([
  ZRequiredText,
  z.array(ZRequiredText).min(1, it.questions.conditionAnswerRequired),
]);

/**
 * A pair on an `elenco` (DESIGN §12): `{"conduttori": {"almeno": 2}}` holds when the list has at
 * least that many items.
 */
export const ZExpectedCount = z.strictObject(
  {
    almeno: z
      .number({ error: it.validation.invalid })
      .int(it.validation.invalid)
      .min(1, it.validation.invalid),
  },
  { error: it.validation.invalid },
);
export type TExpectedCount = z.infer<typeof ZExpectedCount>;

/** What a pair of a condition expects: an option, a list of options, or a number of items. */
export const ZExpectedAnswer = z.union([ZExpectedChoice, ZExpectedCount]);
export type TExpectedAnswer = z.infer<typeof ZExpectedAnswer>;

/**
 * A condition maps earlier questions' keys to the expected answers; all its pairs must hold.
 * An empty condition would always hold, which is never what an editor meant.
 */
export const ZCondition = z
  .record(z.string(), ZExpectedAnswer)
  .refine((condition) => Object.keys(condition).length > 0, it.questions.conditionEmpty);

const ZOptions = z
  .array(ZRequiredText)
  .min(2, it.questions.optionsMin)
  .superRefine((options, ctx) => {
    // "l’arredamento" and "l'arredamento" are one option to conditions and templates.
    // On the repeated option, so an editor sees which of the answers to change.
    const seen = new Set<string>();
    options.forEach((option, position) => {
      const compared = straightenQuotes(option);
      if (seen.has(compared))
        ctx.addIssue({
          code: 'custom',
          message: it.questions.optionDuplicate(option),
          path: [position],
        });
      seen.add(compared);
    });
  });

/** Only a `scelta` question has options: a typed question sending some is a mistake, not noise. */
const ZNoOptions = z.never({ error: it.questions.optionsOnlyForChoice }).optional();

const ZLimitNumber = z.number({ error: it.validation.notANumber }).finite(it.validation.notANumber);
const ZDateLimit = z
  .string({ error: it.questions.dateLimitInvalid })
  .refine((text) => text === TODAY_LIMIT || isCanonicalData(text), it.questions.dateLimitInvalid);

/**
 * Whether the question must be answered. Absent means required, as every question stored before
 * optional answers was: nothing is written into a list that does not say `false`.
 */
const ZObbligatoria = z.boolean({ error: it.validation.invalid }).optional();

/** A typed question's own fields (without conditions): shared by questions and `elenco` fields. */
const typedFields = {
  variable: ZVariableKey,
  question: ZRequiredText,
  description: z.string().trim().optional(),
  options: ZNoOptions,
  obbligatoria: ZObbligatoria,
};

/** A min above the max is a question no answer can satisfy. */
function minNotAboveMax(
  limits: { min?: number | string; max?: number | string },
  ctx: z.RefinementCtx,
) {
  const { min, max } = limits;
  if (min === undefined || max === undefined) return;
  // A relative date limit (`oggi`) moves with the days: only fixed limits compare here.
  if (min === TODAY_LIMIT || max === TODAY_LIMIT) return;
  const inverted =
    typeof min === 'number' && typeof max === 'number' ? min > max : String(min) > String(max);
  if (inverted)
    ctx.addIssue({ code: 'custom', message: it.questions.rangeInverted, path: ['min'] });
}

const choiceFields = {
  variable: ZVariableKey,
  question: ZRequiredText,
  description: z.string().trim().optional(),
  /** Absent in every question list written before typed questions: the SPEC's question. */
  type: z.literal('scelta').optional(),
  options: ZOptions,
  obbligatoria: ZObbligatoria,
};

// After the conditions, as the SPEC's questions were always written: parsing keeps key order.
const ZMultipleSelection = z.boolean().default(false);

// The shapes are built generically (with or without conditions): the limits are read as such.
const limitsOf = (question: unknown) =>
  question as { min?: number | string; max?: number | string };
const checkLimits = (question: unknown, ctx: z.RefinementCtx) =>
  minNotAboveMax(limitsOf(question), ctx);

/**
 * The typed questions (DESIGN §12), built with or without conditions: a question of the list has
 * them, a field of an `elenco` item does not.
 */
function typedQuestions<C extends z.ZodRawShape>(conditions: C) {
  return {
    testo: z.object({
      ...typedFields,
      ...conditions,
      type: z.literal('testo'),
      max_length: z.number().int().min(1).max(TEXT_MAX_LENGTH).optional(),
    }),
    testo_lungo: z.object({ ...typedFields, ...conditions, type: z.literal('testo_lungo') }),
    numero: z
      .object({
        ...typedFields,
        ...conditions,
        type: z.literal('numero'),
        min: ZLimitNumber.optional(),
        max: ZLimitNumber.optional(),
        decimals: z.number().int().min(0).max(10).optional(),
      })
      .superRefine(checkLimits),
    importo: z
      .object({
        ...typedFields,
        ...conditions,
        type: z.literal('importo'),
        min: ZLimitNumber.min(0).optional(),
        max: ZLimitNumber.min(0).optional(),
      })
      .superRefine(checkLimits),
    data: z
      .object({
        ...typedFields,
        ...conditions,
        type: z.literal('data'),
        min: ZDateLimit.optional(),
        max: ZDateLimit.optional(),
      })
      .superRefine(checkLimits),
    codice_fiscale: z.object({ ...typedFields, ...conditions, type: z.literal('codice_fiscale') }),
    partita_iva: z.object({ ...typedFields, ...conditions, type: z.literal('partita_iva') }),
    email: z.object({
      ...typedFields,
      ...conditions,
      type: z.literal('email'),
      pec: z.boolean().optional(),
    }),
    cap: z.object({ ...typedFields, ...conditions, type: z.literal('cap') }),
    provincia: z.object({ ...typedFields, ...conditions, type: z.literal('provincia') }),
    iban: z.object({ ...typedFields, ...conditions, type: z.literal('iban') }),
    telefono: z.object({ ...typedFields, ...conditions, type: z.literal('telefono') }),
    ora: z.object({ ...typedFields, ...conditions, type: z.literal('ora') }),
  };
}

/** Fields of an `elenco` item are always asked: a condition there is refused, not dropped. */
const fieldShapes = typedQuestions({
  required_answers: z.array(z.unknown()).max(0, it.questions.fieldConditions).optional(),
});

const ZRequiredAnswers = z.array(ZCondition).default([]);

const ZPartyRole = z
  .string({ error: it.parties.roleRequired })
  .trim()
  .min(1, it.parties.roleRequired)
  .max(60, it.parties.roleTooLong);
const ZClientFieldName = z
  .string({ error: it.validation.required })
  .trim()
  .min(1, it.validation.required);

/**
 * A single question that is part of a party (DESIGN §15): the party's role («committente») and
 * the client field that fills it (`codice_fiscale`, `nome_completo`…). The questions of one role
 * are one party: a client, or the same role of an earlier document, fills them together.
 */
export const ZPartyMark = z.strictObject({ ruolo: ZPartyRole, campo: ZClientFieldName });
export type TPartyMark = z.infer<typeof ZPartyMark>;

/** An `elenco` whose items are parties of one role: item field key → client field. */
export const ZPartyListMark = z.strictObject({
  ruolo: ZPartyRole,
  campi: z.record(z.string(), ZClientFieldName),
});
export type TPartyListMark = z.infer<typeof ZPartyListMark>;

const questionShapes = typedQuestions({
  required_answers: ZRequiredAnswers,
  parte: ZPartyMark.optional(),
});

/** A field of an `elenco` item: any question but another `elenco`, and without conditions. */
export const ZListField = z.discriminatedUnion(
  'type',
  [
    z.object({
      ...choiceFields,
      required_answers: z.array(z.unknown()).max(0, it.questions.fieldConditions).optional(),
      is_multiple_selection: ZMultipleSelection,
    }),
    fieldShapes.testo,
    fieldShapes.testo_lungo,
    fieldShapes.numero,
    fieldShapes.importo,
    fieldShapes.data,
    fieldShapes.codice_fiscale,
    fieldShapes.partita_iva,
    fieldShapes.email,
    fieldShapes.cap,
    fieldShapes.provincia,
    fieldShapes.iban,
    fieldShapes.telefono,
    fieldShapes.ora,
  ],
  { error: it.questions.typeUnknown },
);
export type TListField = z.infer<typeof ZListField>;

export const ZChoiceQuestion = z.object({
  ...choiceFields,
  /** Alternatives: the question is shown when any condition holds, or always when empty. */
  required_answers: ZRequiredAnswers,
  is_multiple_selection: ZMultipleSelection,
  parte: ZPartyMark.optional(),
});

export const ZListQuestion = z
  .object({
    ...typedFields,
    type: z.literal('elenco'),
    required_answers: ZRequiredAnswers,
    fields: z
      .array(ZListField)
      .min(1, it.validation.required)
      .superRefine((fields, ctx) => {
        const seen = new Set<string>();
        for (const field of fields) {
          if (seen.has(field.variable))
            ctx.addIssue({
              code: 'custom',
              message: it.questions.fieldKeyDuplicate(field.variable),
            });
          seen.add(field.variable);
        }
      }),
    // 0: the list may be left without items («nessun testimone»).
    min_items: z.number().int().min(0).max(ELENCO_MAX_ITEMS).default(1),
    max_items: z.number().int().min(1).max(ELENCO_MAX_ITEMS).optional(),
    label_singolare: ZRequiredText,
    label_plurale: ZRequiredText,
    parte: ZPartyListMark.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.max_items !== undefined && q.min_items > q.max_items)
      ctx.addIssue({
        code: 'custom',
        message: it.questions.itemsRangeInverted,
        path: ['min_items'],
      });
  });

/**
 * A question (SPEC §3, DESIGN §5 and §12). Without `type` it is the SPEC's multiple choice, and
 * stays stored without one: no default is written into a question list.
 */
export const ZQuestion = z.discriminatedUnion(
  'type',
  [
    ZChoiceQuestion,
    questionShapes.testo,
    questionShapes.testo_lungo,
    questionShapes.numero,
    questionShapes.importo,
    questionShapes.data,
    questionShapes.codice_fiscale,
    questionShapes.partita_iva,
    questionShapes.email,
    questionShapes.cap,
    questionShapes.provincia,
    questionShapes.iban,
    questionShapes.telefono,
    questionShapes.ora,
    ZListQuestion,
  ],
  { error: it.questions.typeUnknown },
);
export type TQuestion = z.infer<typeof ZQuestion>;
export type TQuestionInput = z.input<typeof ZQuestion>;
export type TChoiceQuestion = z.infer<typeof ZChoiceQuestion>;
export type TListQuestion = z.infer<typeof ZListQuestion>;
export type TQuestionType = NonNullable<TQuestion['type']>;
export type TCondition = z.infer<typeof ZCondition>;

/** A template's question list: unique keys, conditions only on earlier questions and their options. */
export const ZQuestions = z.array(ZQuestion).superRefine((questions, ctx) => {
  for (const message of questionListProblems(questions)) ctx.addIssue({ code: 'custom', message });
  for (const message of partyProblems(questions)) ctx.addIssue({ code: 'custom', message });
});

/**
 * The answer to a field of an `elenco` item: canonical text, a multiple selection, or `null` for
 * an optional field left without an answer.
 */
export const ZItemAnswer = z.union([z.string(), z.array(z.string()), z.null()]);

/** One item of an `elenco`: field key → answer. */
export const ZListItem = z.record(z.string(), ZItemAnswer);
export type TListItem = z.infer<typeof ZListItem>;

/**
 * One answer: an option or a typed answer in canonical form, the chosen options of a multiple
 * selection, the items of an `elenco`, or `null`: an optional question skipped («Salta»), which
 * counts as answered. The shape only: a list mixing options and items is refused by
 * `validateAnswers`, which knows the question.
 */
export const ZAnswerValue = z.union([
  z.string(),
  z.array(z.union([z.string(), ZListItem])),
  z.null(),
]);
export type TAnswerValue = z.infer<typeof ZAnswerValue>;

/** The answers of a contract: question key → answer (SPEC §3). */
export const ZAnswers = z.record(z.string(), ZAnswerValue);
export type TAnswers = z.infer<typeof ZAnswers>;
