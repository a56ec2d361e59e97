import { z } from 'zod';
import { type AnswerRules, ELENCO_MAX_ITEMS } from '../answer-types.ts';
import { it } from '../messages/it.ts';
import type { Dependence } from '../questionnaire.ts';
import { CONTRACT_STATUS_VALUES } from '../statuses.ts';
import { ZInvoiceRef } from './invoices.ts';
import { ZPageQuery } from './pagination.ts';
import type { TAnswers } from './questions.ts';
import { ZAnswersPayload } from './templates.ts';

export { CONTRACT_STATUS, CONTRACT_STATUS_VALUES, type TContractStatus } from '../statuses.ts';

/** The values of `Dependence` (questionnaire.ts), for the detail's `dependence`. */
const DEPENDENCE_VALUES = ['none', 'answer', 'count'] as const satisfies readonly Dependence[];

const ZContractStatus = z.enum(CONTRACT_STATUS_VALUES, { error: it.validation.invalid });

/**
 * PUT /contract/ (create: `type` is the template id) and PUT /contract/{id} (save answers and
 * status). `name` is accepted as the client sends it; the title comes from the template.
 */
export const ZContractSave = z.object({
  name: z.string().optional(),
  type: z.string().trim().optional(),
  status: ZContractStatus.optional(),
  answers: ZAnswersPayload.optional(),
  /**
   * Create only: an own contract (any status) whose answers the new one starts with, where the
   * new template's questions take them (DESIGN §15).
   */
  from: z.string().trim().min(1, it.validation.required).optional(),
  /**
   * Create only: party question key → the client (or, for an `elenco`, the clients) of the
   * lawyer's register that fill that question's party.
   */
  clients: z
    .record(
      z.string(),
      z.union([
        z.string().trim().min(1, it.validation.required),
        z
          .array(z.string().trim().min(1, it.validation.required))
          .min(1, it.validation.required)
          .max(ELENCO_MAX_ITEMS, it.validation.invalid),
      ]),
    )
    .optional(),
});
export type TContractSave = z.input<typeof ZContractSave>;
export type TContractSaveParsed = z.output<typeof ZContractSave>;

/** Query values the web may send empty: empty means no filter. */
function emptyAsUndefined<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );
}

const ZTrueFlag = emptyAsUndefined(
  z
    .enum(['true', 'false'], { error: it.validation.invalid })
    .transform((value) => value === 'true'),
);

/** The sortable columns of the users' contracts table (SPEC §2), as the query names them. */
export const CONTRACT_SORT_VALUES = [
  'name',
  'surname',
  'type_contract',
  'created_at_date',
  'payment_date',
] as const;
export type TContractSort = (typeof CONTRACT_SORT_VALUES)[number];
export const SORT_ORDER_VALUES = ['asc', 'desc'] as const;
export type TSortOrder = (typeof SORT_ORDER_VALUES)[number];

/**
 * GET /contract: page, limit, status, payed, userActive (admins: everyone's), name, categoryId,
 * and the order of the whole list: `sort` and `order`, by default generation date descending
 * (SPEC §4).
 */
export const ZContractsQuery = ZPageQuery.extend({
  status: emptyAsUndefined(ZContractStatus),
  payed: ZTrueFlag,
  userActive: ZTrueFlag,
  name: emptyAsUndefined(z.string().trim().max(200, it.validation.invalid)),
  categoryId: emptyAsUndefined(z.string().trim()),
  sort: emptyAsUndefined(z.enum(CONTRACT_SORT_VALUES, { error: it.contracts.sortInvalid })),
  order: emptyAsUndefined(z.enum(SORT_ORDER_VALUES, { error: it.contracts.orderInvalid })),
});
export type TContractsQuery = z.input<typeof ZContractsQuery>;
export type TContractsFilter = z.output<typeof ZContractsQuery>;

/**
 * A stored answer: an option or canonical typed text, options, an elenco's items, or `null` for an
 * optional question skipped (also as an item's field).
 */
export const ZAnswerValue = z.union([
  z.string(),
  z.array(
    z.union([
      z.string(),
      z.record(z.string(), z.union([z.string(), z.array(z.string()), z.null()])),
    ]),
  ),
  z.null(),
]);

/** The payment of a contract as SPEC §3 carries it; `price` is the total paid, "59.78". */
export const ZContractPayment = z.object({
  id: z.string(),
  updatedAt: z.string(),
  price: z.string(),
});

/**
 * A contract of the lists (SPEC §3). `price` is the total with VAT as a decimal string ("59.78"),
 * `answers_count` the answers given so far.
 */
export const ZContractCard = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.string(),
  status: ZContractStatus,
  answers: z.record(z.string(), ZAnswerValue),
  answers_count: z.number().int(),
  price: z.string(),
  paymentId: ZContractPayment.nullable(),
  userId: z.object({ name: z.string(), surname: z.string() }),
  /** Once paid (issue 14): the invoice of the purchase, for the lawyer's archive. */
  invoice: ZInvoiceRef.nullable().optional(),
  /** In the lists: how many documents the purchase gives (a document set: 2 or more). */
  documents_count: z.number().int().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TContractCard = z.infer<typeof ZContractCard>;

/**
 * GET /contract/{id}: the card plus the answers in question order and what the cart needs:
 * `templateId.price` is the net price in euros, `templateId.total` the total with VAT.
 */
/** What a screen needs to show a typed answer in Italian (the question's type and limits). */
export const ZAnswerRules: z.ZodType<AnswerRules> = z.lazy(() =>
  z.object({
    variable: z.string(),
    question: z.string().optional(),
    type: z.string().optional(),
    options: z.array(z.string()).optional(),
    is_multiple_selection: z.boolean().optional(),
    max_length: z.number().optional(),
    min: z.union([z.number(), z.string()]).optional(),
    max: z.union([z.number(), z.string()]).optional(),
    decimals: z.number().optional(),
    pec: z.boolean().optional(),
    fields: z.array(ZAnswerRules).optional(),
    min_items: z.number().optional(),
    max_items: z.number().optional(),
    label_singolare: z.string().optional(),
    label_plurale: z.string().optional(),
    obbligatoria: z.boolean().optional(),
  }),
);

export const ZContractDetail = ZContractCard.extend({
  detailed_answers: z.array(
    z.object({
      variable: z.string(),
      question: z.string(),
      given_answer: ZAnswerValue,
      /** Typed questions only (DESIGN §12): beyond the SPEC fields, so any client can format. */
      rules: ZAnswerRules.optional(),
      /**
       * What a change of this answer does to the later ones (issue 11, `dependenceOn`): "answer"
       * discards them (SPEC), "count" only when the number of items changes a condition, "none"
       * keeps them. Beyond the SPEC fields.
       */
      dependence: z.enum(DEPENDENCE_VALUES).optional(),
      /** An `elenco` only: whether removing one item discards the later answers. */
      item_removal_discards: z.boolean().optional(),
    }),
  ),
  templateId: z.object({
    id: z.string(),
    price: z.number(),
    price_cents: z.number().int(),
    total: z.string(),
    max_questions: z.number().int().nullable(),
    stripe_url: z.string().nullable(),
    /** The version the contract was started on, which its questions and price keep. */
    version_id: z.string().optional(),
    /** The template has a newer version than the contract's (a draft resumed says so). */
    newer_version: z.boolean().optional(),
  }),
  maxQuestions: z.number().int().nullable(),
  /** The keys of the answers prefilled when the contract was started and not changed since. */
  prefilled: z.array(z.string()).optional(),
  /**
   * The documents the purchase gives, in order (a template of one document: one, named after
   * the template); `position` is the `document` of the preview and the download. The server
   * always sends it; a client reads its absence as a set of one.
   */
  documents: z.array(z.object({ position: z.number().int(), name: z.string() })).optional(),
  /** Once paid (issue 14): the invoice of the purchase; null before, or for staff try-outs. */
  invoice: ZInvoiceRef.nullable().optional(),
  /** When the payment was refunded (issue 14): the download is revoked from then on. */
  refundedAt: z.string().nullable().optional(),
});
export type TContractDetail = z.infer<typeof ZContractDetail>;

/**
 * PUT /contract/ (create): the new contract and the answers it starts with, the first answer
 * given and those prefilled (the lawyer's own facts, `from`, `clients`), for the questionnaire
 * to go on from them.
 */
export const ZContractStarted = z.object({
  id: z.string(),
  answers: z.record(z.string(), ZAnswerValue),
  prefilled: z.array(z.string()),
});
export type TContractStarted = z.infer<typeof ZContractStarted>;

/** PUT /contract/{id}/answers/{variable}: the new answer to one question, from the summary. */
export const ZAnswerChangeBody = z.object({ value: ZAnswerValue });
export type TAnswerChangeBody = z.infer<typeof ZAnswerChangeBody>;

/**
 * What a summary edit or an item removal left: the answers kept, the keys of those discarded
 * (empty when nothing depended on the change) and the status (TO_COMPLETE when questions are
 * left to answer).
 */
export const ZAnswerChangeResult = z.object({
  id: z.string(),
  status: ZContractStatus,
  answers: z.record(z.string(), ZAnswerValue),
  discarded: z.array(z.string()),
});
export type TAnswerChangeResult = z.infer<typeof ZAnswerChangeResult>;

/**
 * POST /contract/party?type=&version=: «Scegli dall'anagrafica» on a party question. The answers
 * so far, the party question asked, and the clients picked (one for a single question, up to the
 * `elenco`'s `max_items` otherwise).
 */
export const ZPartyFill = z.object({
  answers: ZAnswersPayload,
  question: z.string().trim().min(1, it.validation.required),
  clients: z
    .array(z.string().trim().min(1, it.validation.required))
    .min(1, it.validation.required)
    .max(ELENCO_MAX_ITEMS, it.validation.invalid),
});
export type TPartyFill = z.input<typeof ZPartyFill>;

/**
 * The answers with the role's party filled from the clients: `answers` holds what the questions
 * accept as it is; `drafts` what a question cannot take whole yet (an item missing a field the
 * client does not have), shown filled when it is asked; `filled` the questions filled, in order.
 */
export const ZPartyFilled = z.object({
  answers: z.record(z.string(), z.unknown()),
  drafts: z.record(z.string(), z.unknown()),
  filled: z.array(z.object({ variable: z.string(), question: z.string() })),
});
export type TPartyFilled = {
  answers: TAnswers;
  drafts: TAnswers;
  filled: { variable: string; question: string }[];
};

/**
 * GET /contract/parties?type=: the template's parties, for «Nuovo documento per questo cliente»:
 * each role once, in the order it is first asked, with the party question to send in `clients`.
 */
export const ZTemplateParty = z.object({ ruolo: z.string(), variable: z.string() });
export type TTemplateParty = z.infer<typeof ZTemplateParty>;
