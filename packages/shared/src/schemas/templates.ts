import { z } from 'zod';
import { parseEuro } from '../italian-formats.ts';
import { it } from '../messages/it.ts';
import { TEMPLATE_STATUS_VALUES } from '../statuses.ts';
import { ZCategory } from './categories.ts';
import { ZPageQuery } from './pagination.ts';
import {
  type TQuestion,
  type TQuestionInput,
  ZPartyListMark,
  ZPartyMark,
  ZQuestions,
} from './questions.ts';

export { TEMPLATE_STATUS, TEMPLATE_STATUS_VALUES, type TTemplateStatus } from '../statuses.ts';

/**
 * Uploaded files are content-addressed: the name the API hands out (and the template payload
 * carries as `file_name` / `preview_name`) is `<sha256 of the bytes, hex>.docx`.
 */
export const STORED_FILE_NAME_PATTERN = /^[0-9a-f]{64}\.docx$/;

export const ZStoredFileName = z
  .string({ error: it.validation.required })
  .trim()
  .min(1, { error: it.validation.required, abort: true })
  .regex(STORED_FILE_NAME_PATTERN, it.templates.fileNameInvalid);

/** 1,000,000 € in cents: far above any contract, far below the integer column's limit. */
export const MAX_PRICE_CENTS = 100_000_000;

/** Euros as the editor types them ("49", "49,90", "1.234,50", 49.9) to integer cents. */
export const ZPrice = z
  .union([z.string(), z.number()], { error: it.validation.required })
  .transform((value, ctx) => {
    if (typeof value === 'string' && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: it.validation.required });
      return z.NEVER;
    }
    const parsed = parseEuro(value);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    const cents = parsed.cents;
    if (cents > MAX_PRICE_CENTS) {
      ctx.addIssue({ code: 'custom', message: it.templates.priceTooHigh });
      return z.NEVER;
    }
    return cents;
  });

/**
 * min/max time and questions: digits, optional. A number is kept; null or an empty field means
 * "compute it" (questions from the conditions, time from the questions); omitted means "leave
 * as it is" on an update.
 */
export const ZOptionalCount = z
  .union([z.number(), z.string(), z.null()], { error: it.validation.notANumber })
  .optional()
  .transform((value, ctx): number | null | undefined => {
    if (value === undefined || value === null) return value;
    const text = String(value).trim();
    if (text === '') return null;
    if (!/^\d{1,5}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: it.validation.notANumber });
      return z.NEVER;
    }
    return Number(text);
  });

const QUESTION_FIELDS: Readonly<Record<string, string>> = it.templates.questionFields;

/**
 * The question list of a template: the list itself or its JSON text (the multipart upload sends
 * text). Each problem names the question it is about ("Domanda 2 (risposte): …").
 */
export const ZQuestionList = z
  .custom<TQuestionInput[] | string>(() => true)
  .transform((value, ctx): TQuestion[] => {
    let list: unknown = value;
    if (value === undefined || value === null || value === '') {
      ctx.addIssue({ code: 'custom', message: it.templates.questionsRequired });
      return z.NEVER;
    }
    if (typeof value === 'string') {
      try {
        list = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: it.templates.questionsNotJson });
        return z.NEVER;
      }
    }
    if (!Array.isArray(list)) {
      ctx.addIssue({ code: 'custom', message: it.templates.questionsNotList });
      return z.NEVER;
    }
    if (list.length === 0) {
      ctx.addIssue({ code: 'custom', message: it.templates.questionsEmpty });
      return z.NEVER;
    }
    const parsed = ZQuestions.safeParse(list);
    if (parsed.success) return parsed.data;
    const messages = new Set<string>();
    for (const issue of parsed.error.issues) {
      const [position, field] = issue.path;
      messages.add(
        typeof position === 'number'
          ? it.templates.questionIssue(
              position + 1,
              issue.message,
              typeof field === 'string' ? QUESTION_FIELDS[field] : undefined,
            )
          : issue.message,
      );
    }
    for (const message of messages) ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/** SPEC §3: the category as an id, or as the object `{ id, name }` the lists carry. */
const ZCategoryRef = z
  .union([z.string(), z.object({ id: z.string() })], { error: it.validation.required })
  .transform((value) => (typeof value === 'string' ? value : value.id).trim())
  .pipe(z.string().min(1, it.validation.required));

const ZHttpUrl = z.url({ protocol: /^https?$/ });

/**
 * The provider's payment link: optional, since the payment provider in force on the server
 * decides where 'Acquista' goes (DESIGN §8); with the local provider it is never used. Empty
 * (or null) clears it; omitted on PUT keeps it.
 */
const ZStripeUrl = z
  .string({ error: it.validation.url })
  .trim()
  .max(2000, it.validation.url)
  .refine((value) => value === '' || ZHttpUrl.safeParse(value).success, it.validation.url)
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

/** A document set's documents at most, the main one included: a matter's pack, not an archive. */
export const MAX_SET_DOCUMENTS = 12;

const ZDocumentName = z
  .string({ error: it.validation.required })
  .trim()
  .min(1, it.validation.required)
  .max(120, it.validation.invalid);

/**
 * A companion document of a set (DESIGN §15): its name (the preview's tab, the file's name in
 * the .zip) and its master as upload-master stored it. Its position is its place in the list
 * plus one: the template's own master is document 1.
 */
export const ZCompanionDocument = z.object({
  name: ZDocumentName,
  file_name: ZStoredFileName,
});
export type TCompanionDocumentInput = z.input<typeof ZCompanionDocument>;

/** The companions in order: unique names (the .zip's files), distinct files, a bounded count. */
export const ZCompanionDocuments = z
  .array(ZCompanionDocument, { error: it.validation.invalid })
  .superRefine((documents, ctx) => {
    if (documents.length > MAX_SET_DOCUMENTS - 1) {
      ctx.addIssue({ code: 'custom', message: it.documentSets.tooMany(MAX_SET_DOCUMENTS) });
    }
    const names = new Set<string>();
    const files = new Set<string>();
    for (const document of documents) {
      const key = document.name.toLocaleLowerCase('it');
      if (names.has(key)) {
        ctx.addIssue({ code: 'custom', message: it.documentSets.sameNames(document.name) });
      }
      if (files.has(document.file_name)) {
        ctx.addIssue({ code: 'custom', message: it.documentSets.sameFileTwice(document.name) });
      }
      names.add(key);
      files.add(document.file_name);
    }
  });

const templateFields = {
  name: z
    .string({ error: it.validation.required })
    .trim()
    .min(1, it.validation.required)
    .max(200, it.validation.invalid),
  description: z
    .string({ error: it.validation.required })
    .trim()
    .min(1, it.validation.required)
    .max(5000, it.validation.invalid),
  categoryId: ZCategoryRef,
  price: ZPrice,
  file_name: ZStoredFileName,
  /**
   * Optional: without one (absent or null) the master serves as the preview; on PUT, absent keeps
   * the current preview (following a new master when the master served), null drops it.
   */
  preview_name: ZStoredFileName.nullish(),
  /**
   * The main document's name in a set; absent or null: the template's name. On PUT, absent keeps
   * it, null clears it.
   */
  document_name: ZDocumentName.nullish(),
  /** The set's other documents, in order (none: a template of one document). Absent on PUT keeps them. */
  documents: ZCompanionDocuments.optional(),
  stripe_url: ZStripeUrl,
  json_questions: ZQuestionList,
  min_time: ZOptionalCount,
  max_time: ZOptionalCount,
  min_questions: ZOptionalCount,
  max_questions: ZOptionalCount,
};

type Ranges = {
  min_time?: number | null;
  max_time?: number | null;
  min_questions?: number | null;
  max_questions?: number | null;
};

function checkRanges(value: Ranges, ctx: z.RefinementCtx): void {
  const inverted = (min?: number | null, max?: number | null) =>
    typeof min === 'number' && typeof max === 'number' && min > max;
  if (inverted(value.min_time, value.max_time)) {
    ctx.addIssue({ code: 'custom', path: ['min_time'], message: it.templates.timeRangeInverted });
  }
  if (inverted(value.min_questions, value.max_questions)) {
    ctx.addIssue({
      code: 'custom',
      path: ['min_questions'],
      message: it.templates.questionRangeInverted,
    });
  }
}

/** The price leaves the schema as integer cents, under a name that says so. */
function priceToCents<T extends { price?: number }>({ price, ...rest }: T) {
  return { ...rest, price_cents: price as T['price'] };
}

/**
 * POST /template (SPEC §7). `price` is euros as typed (→ `price_cents`); `file_name` and
 * `preview_name` are the names upload-master answered; optional counts are computed when absent.
 */
export const ZTemplateCreate = z
  .object(templateFields)
  .superRefine(checkRanges)
  .transform(priceToCents);
export type TTemplateCreateInput = z.input<typeof ZTemplateCreate>;
export type TTemplateCreate = z.output<typeof ZTemplateCreate>;

/** PUT /template/{id}: the same fields, each optional; an omitted field keeps its value. */
export const ZTemplateUpdate = z
  .object(templateFields)
  .partial()
  .superRefine(checkRanges)
  .transform(priceToCents);
export type TTemplateUpdateInput = z.input<typeof ZTemplateUpdate>;
export type TTemplateUpdate = z.output<typeof ZTemplateUpdate>;

/** Query values the web may send empty ("?name=&categoryId="): empty means no filter. */
function emptyAsUndefined<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );
}

/** GET /template: page, limit, title search, category; customers always get PUBLISHED only. */
export const ZTemplatesQuery = ZPageQuery.extend({
  name: emptyAsUndefined(z.string().trim().max(200, it.validation.invalid)),
  categoryId: emptyAsUndefined(z.string().trim()),
  status: emptyAsUndefined(z.enum(TEMPLATE_STATUS_VALUES, { error: it.validation.invalid })),
});
export type TTemplatesQuery = z.input<typeof ZTemplatesQuery>;
export type TTemplatesFilter = z.output<typeof ZTemplatesQuery>;

/** PUT /template/{id}/status: Pubblica or Sospendi. */
export const ZTemplateStatusChange = z.object({
  status: z.enum(TEMPLATE_STATUS_VALUES, { error: it.validation.invalid }),
  /** The editor saw how many blanks the master still holds and publishes anyway. */
  confirmBlanks: z.boolean().optional(),
});
export type TTemplateStatusChange = z.input<typeof ZTemplateStatusChange>;

export const ZTemplateStatusChanged = z.object({
  id: z.string(),
  status: z.enum(TEMPLATE_STATUS_VALUES),
});

/** What a stored condition's pair expects: an option, options, or an elenco's `almeno`. */
const ZExpectedOutput = z.union([
  z.string(),
  z.array(z.string()),
  z.object({ almeno: z.number().int() }),
]);

/**
 * A question as the API returns it (the stored, already validated list). A question without
 * `type` has exactly the SPEC's keys; a typed one (DESIGN §12) keeps what its type needs.
 */
export const ZQuestionOutput = z.looseObject({
  variable: z.string(),
  question: z.string(),
  description: z.string().optional(),
  type: z.string().optional(),
  options: z.array(z.string()).optional(),
  required_answers: z.array(z.record(z.string(), ZExpectedOutput)),
  is_multiple_selection: z.boolean().optional(),
});

/**
 * A template card of the lists (SPEC §3): `price` in euros, `price_cents` exact; `stripe_url`
 * only for admins and editors; `latestVersionAt` is when the files or questions last changed.
 */
export const ZTemplateCard = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  price_cents: z.number().int(),
  categoryId: ZCategory.nullable(),
  status: z.enum(TEMPLATE_STATUS_VALUES),
  min_time: z.number().int().nullable(),
  max_time: z.number().int().nullable(),
  min_questions: z.number().int().nullable(),
  max_questions: z.number().int().nullable(),
  /**
   * A list (elenco) of the current version has no max_items: each item added asks its questions
   * again, so the maximum counts is a ceiling, not what a lawyer can expect.
   */
  open_lists: z.boolean().optional(),
  stripe_url: z.string().nullable().optional(),
  userId: z.object({ name: z.string(), surname: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  latestVersionAt: z.string(),
});
export type TTemplateCard = z.infer<typeof ZTemplateCard>;

/**
 * GET /template/{id} (admins and editors): the card plus what the master form edits. `file_name`
 * and `preview_name` are the stored names; `file_title` and `preview_title` the names the files
 * were uploaded with (both null for the preview when the master serves for it).
 */
export const ZTemplateDetail = ZTemplateCard.extend({
  stripe_url: z.string().nullable(),
  json_questions: z.array(ZQuestionOutput),
  file_name: z.string(),
  /** null when the template has no preview file of its own: the master serves for it. */
  preview_name: z.string().nullable(),
  file_title: z.string(),
  preview_title: z.string().nullable(),
  /** The main document's own name in a set; null: the template's name. */
  document_name: z.string().nullable(),
  /** The companion documents (2, 3…): name, stored name and the name the file was uploaded with. */
  documents: z.array(z.object({ name: z.string(), file_name: z.string(), file_title: z.string() })),
  version: z.object({ id: z.string(), number: z.number().int(), createdAt: z.string() }),
});
export type TTemplateDetail = z.infer<typeof ZTemplateDetail>;

/**
 * POST /template/upload-master answers the stored names to put in the template (null for a file
 * neither sent nor named) and the lint warnings (questions the master never uses).
 */
export const ZUploadMasterResult = z.object({
  file_name: z.string().nullable(),
  preview_name: z.string().nullable(),
  /** The stored name of the companion document sent as `document`, null when none was sent. */
  document_file_name: z.string().optional(),
  warnings: z.array(z.string()),
});
export type TUploadMasterResult = z.infer<typeof ZUploadMasterResult>;

/** POST /template/delete-master. */
export const ZDeleteMaster = z.object({ file_name: ZStoredFileName });
export type TDeleteMaster = z.input<typeof ZDeleteMaster>;

/**
 * Answers as the client sends them, before the questionnaire engine checks them against the
 * template (its messages name the question, which a schema cannot). A missing body is no answer.
 */
export const ZAnswersPayload = z.preprocess(
  (value) => value ?? {},
  z.record(z.string(), z.unknown(), { error: it.errors.badRequest }),
);

/** PUT /template/{id}/download-test: the answers of the admin test flow. */
export const ZDownloadTest = z.object({ answers: ZAnswersPayload });
export type TDownloadTest = z.input<typeof ZDownloadTest>;

/** POST /contract/questions?type={templateId}. */
export const ZNextQuestionQuery = z.object({
  type: z.string({ error: it.validation.required }).trim().min(1, it.validation.required),
  /** A draft resumed after its template got a newer version goes on with its own version. */
  version: z.string().trim().min(1).optional(),
});

/** A field of an `elenco` as the questionnaire receives it: a question without conditions. */
const ZNextQuestionField = z.looseObject({
  variable: z.string(),
  question: z.string(),
  description: z.string().optional(),
  type: z.string().optional(),
  options: z.array(z.string()).optional(),
  is_multiple_selection: z.boolean().optional(),
  /** `false`: the field may be left without an answer (`null`). */
  obbligatoria: z.boolean().optional(),
});

/**
 * The next question to ask (SPEC §3); `data: null` when the questionnaire is finished. A typed
 * question (DESIGN §12) adds `type` and what asking it needs; without `type` none of these keys
 * is sent.
 */
export const ZNextQuestion = z.object({
  description: z.string().nullable(),
  question: z.string(),
  variable: z.string(),
  options: z.array(z.string()),
  is_multiple_selection: z.boolean(),
  type: z.string().optional(),
  /** `testo`: the most characters. */
  max_length: z.number().int().optional(),
  /** `numero`, `importo` (numbers, euros for an amount), `data` ("YYYY-MM-DD" or "oggi"). */
  min: z.union([z.number(), z.string()]).optional(),
  max: z.union([z.number(), z.string()]).optional(),
  /** `numero`: the most decimals. */
  decimals: z.number().int().optional(),
  /** `email`: a PEC address (the label only). */
  pec: z.boolean().optional(),
  /** `elenco`: the fields of each item, how many items, and how to name them. */
  fields: z.array(ZNextQuestionField).optional(),
  min_items: z.number().int().optional(),
  max_items: z.number().int().optional(),
  label_singolare: z.string().optional(),
  label_plurale: z.string().optional(),
  /** `false` (any question, also one without `type`): «Salta» answers `null`. */
  obbligatoria: z.boolean().optional(),
  /**
   * A party question (DESIGN §15): its role and the client field(s) it takes, so the
   * questionnaire can offer the client register's people for it.
   */
  parte: z.union([ZPartyMark, ZPartyListMark]).optional(),
});
export type TNextQuestion = z.infer<typeof ZNextQuestion>;
