import { ROLE_VALUES, USER_STATUS_VALUES } from '@lexpath/shared/roles';
import { INVOICE_STATUS_VALUES, INVOICE_TIPO_VALUES } from '@lexpath/shared/schemas/invoices';
import type { TAnswers, TQuestion } from '@lexpath/shared/schemas/questions';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { InvoiceBuyer, InvoiceLine, InvoiceSeller } from './invoice-parties.ts';

/*
 * The whole data model of DESIGN §4, designed up front so later issues add behaviour, not tables.
 * Closed sets of values are text columns with CHECK constraints rather than PostgreSQL enums:
 * adding a value later is a one-line constraint change instead of an ALTER TYPE that cannot
 * be used inside the migration's own transaction.
 */

export const ACTION_TOKEN_KINDS = ['verify-email', 'reset-password'] as const;
export const CONSENT_KINDS = ['terms', 'specific_terms', 'privacy', 'newsletter'] as const;
export const TEMPLATE_STATUS_VALUES = ['PUBLISHED', 'SUSPENDED'] as const;
export const CONTRACT_STATUS_VALUES = ['TO_COMPLETE', 'COMPLETED'] as const;
export const PAYMENT_PROVIDERS = ['stripe', 'local'] as const;
/** 'sending': claimed by a worker until `next_attempt_at` (its lease), then claimable again. */
export const OUTBOX_STATUS_VALUES = ['pending', 'sending', 'sent', 'failed'] as const;

/** `column IN ('a', 'b')` for a CHECK constraint; values are our own constants, never input. */
function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    email: text('email').notNull(),
    /** Stored lowercased (the CHECK makes sure), so the unique index is case-insensitive. */
    pec: text('pec').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLE_VALUES }).notNull().default('user'),
    status: text('status', { enum: USER_STATUS_VALUES }).notNull().default('in attesa'),
    emailVerified: boolean('email_verified').notNull().default(false),
    newsletter: boolean('newsletter').notNull().default(false),
    /**
     * Carried by every access token; bumping it (password reset, suspension) refuses the JWTs
     * already handed out, which would otherwise live their 15 minutes.
     */
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_pec_unique').on(t.pec),
    check('users_pec_lowercase', sql`${t.pec} = lower(${t.pec})`),
    check('users_role_valid', oneOf(t.role, ROLE_VALUES)),
    check('users_status_valid', oneOf(t.status, USER_STATUS_VALUES)),
    // The admin users list, newest first (the id breaks ties): verified accounts or not...
    index('users_list_idx').on(t.emailVerified, t.createdAt, t.id),
    // ...or all of them.
    index('users_created_idx').on(t.createdAt, t.id),
    // The admin's contract search by lawyer ("name surname" `ILIKE '%…%'`, pg_trgm).
    index('users_full_name_trgm_idx').using(
      'gin',
      sql`(${t.name} || ' ' || ${t.surname}) gin_trgm_ops`,
    ),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 (hex) of the opaque token: a database leak gives no usable session. */
    tokenHash: text('token_hash').notNull(),
    /** Every rotation of one login shares the family; reuse of a rotated token revokes it. */
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    replacedBy: uuid('replaced_by').references((): AnyPgColumn => refreshTokens.id, {
      onDelete: 'set null',
    }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_unique').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export const actionTokens = pgTable(
  'action_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ACTION_TOKEN_KINDS }).notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('action_tokens_token_hash_unique').on(t.tokenHash),
    index('action_tokens_user_kind_idx').on(t.userId, t.kind),
    check('action_tokens_kind_valid', oneOf(t.kind, ACTION_TOKEN_KINDS)),
  ],
);

/**
 * Failed sign-ins per PEC as typed (lower-cased), whether or not an account has it, so the
 * limit says nothing about who is registered. In PostgreSQL, not in memory: every instance
 * sees the same count and lock (modules/auth/login-throttle.ts).
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    pec: text('pec').primaryKey(),
    /** Counted when an attempt starts, forgiven (the row deleted) when it succeeds. */
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    /** No attempt for this PEC runs the password check before then. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('login_throttles_last_failure_idx').on(t.lastFailureAt)],
);

/** Append-only: a withdrawn consent is a new row with granted = false, never an update. */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: CONSENT_KINDS }).notNull(),
    granted: boolean('granted').notNull(),
    textVersion: text('text_version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('consents_user_kind_idx').on(t.userId, t.kind, t.createdAt),
    check('consents_kind_valid', oneOf(t.kind, CONSENT_KINDS)),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // "Locazioni" and "locazioni" are one category.
  (t) => [uniqueIndex('categories_name_unique').on(sql`lower(${t.name})`)],
);

/** Uploaded .docx files, content-addressed: the same bytes are stored once. */
export const files = pgTable(
  'files',
  {
    sha256: text('sha256').primaryKey(),
    bytes: bytea('bytes').notNull(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('files_sha256_hex', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check('files_size_matches', sql`${t.size} = octet_length(${t.bytes})`),
  ],
);

export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    categoryId: uuid('category_id').references(() => categories.id),
    stripeUrl: text('stripe_url'),
    minTime: integer('min_time'),
    maxTime: integer('max_time'),
    minQuestions: integer('min_questions'),
    maxQuestions: integer('max_questions'),
    status: text('status', { enum: TEMPLATE_STATUS_VALUES }).notNull().default('SUSPENDED'),
    type: text('type'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    currentVersionId: uuid('current_version_id').references((): AnyPgColumn => templateVersions.id),
    /** Deleting hides the template; versions that contracts reference stay. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('templates_price_not_negative', sql`${t.priceCents} >= 0`),
    check('templates_status_valid', oneOf(t.status, TEMPLATE_STATUS_VALUES)),
    // The catalogue's order (newest first, the id breaking ties) over the listable templates.
    index('templates_catalogue_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null and ${t.currentVersionId} is not null`),
    // Name searches (`ILIKE '%…%'`, pg_trgm), here and in the admin's contract search.
    index('templates_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('templates_category_idx').on(t.categoryId),
    index('templates_created_by_idx').on(t.createdBy),
  ],
);

/** Immutable (a trigger refuses UPDATE): paid documents download byte-identical forever. */
export const templateVersions = pgTable(
  'template_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references((): AnyPgColumn => templates.id),
    masterSha256: text('master_sha256')
      .notNull()
      .references(() => files.sha256),
    previewSha256: text('preview_sha256')
      .notNull()
      .references(() => files.sha256),
    masterName: text('master_name').notNull(),
    previewName: text('preview_name').notNull(),
    jsonQuestions: jsonb('json_questions').$type<TQuestion[]>().notNull(),
    /**
     * The main document's name in a document set (its tab, its file in the .zip); null: the
     * template's name, as for every template made before sets.
     */
    documentName: text('document_name'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('template_versions_template_idx').on(t.templateId, t.createdAt)],
);

/**
 * A document set's companion documents (annexes, cover letter, delega): rendered with the same
 * answers as the version's master, which is document 1; these are documents 2, 3… in `position`.
 * A version without rows is a set of one. Immutable like the version (a trigger refuses UPDATE).
 */
export const templateDocuments = pgTable(
  'template_documents',
  {
    versionId: uuid('version_id')
      .notNull()
      .references(() => templateVersions.id),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    masterSha256: text('master_sha256')
      .notNull()
      .references(() => files.sha256),
    masterName: text('master_name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.versionId, t.position] }),
    check('template_documents_position_after_main', sql`${t.position} >= 2`),
    index('template_documents_master_idx').on(t.masterSha256),
  ],
);

export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The version the contract was started on: later template edits never change it. */
    templateVersionId: uuid('template_version_id')
      .notNull()
      .references(() => templateVersions.id),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id),
    answers: jsonb('answers').$type<TAnswers>().notNull().default({}),
    /**
     * The keys of the answers copied when the contract was started (DESIGN §15: from an earlier
     * document or a client of the register), for the summary to mark them; a key leaves when
     * the lawyer changes that answer. The answers themselves are a snapshot, never a link.
     */
    prefilled: jsonb('prefilled').$type<string[]>().notNull().default([]),
    status: text('status', { enum: CONTRACT_STATUS_VALUES }).notNull().default('TO_COMPLETE'),
    /**
     * The net price when the contract was started (issue 14): the lawyer pays what the template
     * cost then, whatever an editor sets later.
     */
    priceCents: integer('price_cents').notNull(),
    /*
     * What the users' contracts list sorts by, copied from the joined rows (lower-cased, as the
     * list orders them) so that every sort walks one index of this table instead of sorting a
     * five-table join, and a deep page skips index entries only. Triggers (migration 0009) keep
     * them in step in the transaction of the change that sets them: a contract's insert, a
     * lawyer's or a template's rename, a payment. Never written by the application.
     */
    ownerNameKey: text('owner_name_key').notNull().default(''),
    ownerSurnameKey: text('owner_surname_key').notNull().default(''),
    templateNameKey: text('template_name_key').notNull().default(''),
    /** The payment's `updated_at` (the list's payment date); null while unpaid. */
    paymentUpdatedAt: timestamp('payment_updated_at', { withTimezone: true }),
    /**
     * What the preview depends on besides the day (DESIGN §7, issue 13): the pinned version
     * (immutable: its preview file and questions) and the answers, as jsonb normalises them.
     * Generated, so every statement that writes the answers — whoever writes it — changes the
     * key with them: a preview cached for older answers can never be found under it. A lookup
     * reads it instead of hashing the answers. md5 is a cache key here, not a secret.
     */
    previewKey: text('preview_key')
      .notNull()
      .generatedAlwaysAs(sql`md5(template_version_id::text || ':' || answers::text)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('contracts_status_valid', oneOf(t.status, CONTRACT_STATUS_VALUES)),
    check('contracts_price_not_negative', sql`${t.priceCents} >= 0`),
    // The lawyer's archive: their completed documents, newest first.
    index('contracts_user_status_idx').on(t.userId, t.status, t.createdAt),
    index('contracts_template_idx').on(t.templateId),
    // One index per sort of the users' contracts list (both directions: scanned backwards),
    // ending with what the list filters on (the status; the template and the owner a search
    // resolved to), so a page is cut from the index alone: a common word of titles walks the
    // order skipping rows by their index entries, never visiting the table for a row it skips.
    // After the unique id, the last columns only carry values; they never reorder anything.
    index('contracts_created_idx').on(t.createdAt, t.id, t.status, t.templateId, t.userId),
    index('contracts_owner_name_idx').on(t.ownerNameKey, t.id, t.status, t.templateId, t.userId),
    index('contracts_owner_surname_idx').on(
      t.ownerSurnameKey,
      t.id,
      t.status,
      t.templateId,
      t.userId,
    ),
    index('contracts_template_name_idx').on(
      t.templateNameKey,
      t.id,
      t.status,
      t.templateId,
      t.userId,
    ),
    // Unpaid documents come last in both directions: one index per direction.
    index('contracts_paid_asc_idx').on(
      t.paymentUpdatedAt.asc().nullsLast(),
      t.id,
      t.status,
      t.templateId,
      t.userId,
    ),
    index('contracts_paid_desc_idx').on(
      t.paymentUpdatedAt.desc().nullsLast(),
      // NULLS FIRST is what `id desc` means: the ORDER BY matches the index as written.
      t.id.desc().nullsFirst(),
      t.status,
      t.templateId,
      t.userId,
    ),
  ],
);

/**
 * How many contracts each template has, by status and paid or not: the users' contracts list
 * counts its pages here (a sum over templates) unless it searches, instead of counting a
 * million rows for every page. A trigger on `contracts` (migration 0009) keeps it exact, in the
 * transaction of each insert, status change, payment and delete; one row per template and
 * state, so creating documents of different templates never waits on one counter.
 */
export const contractCounts = pgTable(
  'contract_counts',
  {
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id),
    status: text('status', { enum: CONTRACT_STATUS_VALUES }).notNull(),
    paid: boolean('paid').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.status, t.paid] })],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** Unique, so a replayed webhook or a reloaded cart page records nothing twice. */
    transactionId: text('transaction_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    /** Stripe's PaymentIntent of the session: what refund and dispute events name. */
    stripePaymentIntent: text('stripe_payment_intent'),
    /** The payment was refunded (admin or Stripe): the download is revoked, a credit note issued. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The buyer's bank disputes the charge (`charge.dispute.created`): flagged for the admin. */
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    disputeReason: text('dispute_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_transaction_id_unique').on(t.transactionId),
    uniqueIndex('payments_stripe_payment_intent_unique').on(t.stripePaymentIntent),
    // One contract, one purchase: two sessions paid at once for one contract record only one.
    uniqueIndex('payments_contract_unique').on(t.contractId),
    check('payments_provider_valid', oneOf(t.provider, PAYMENT_PROVIDERS)),
    check('payments_amounts_not_negative', sql`${t.amountCents} >= 0 and ${t.vatCents} >= 0`),
  ],
);

/** Whom an invoice names (issue 14), one per user; `ZBillingProfile` checks every field. */
export const BILLING_TYPE_VALUES = ['persona_fisica', 'studio', 'societa'] as const;

export const billingProfiles = pgTable(
  'billing_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    tipo: text('tipo', { enum: BILLING_TYPE_VALUES }).notNull(),
    nome: text('nome'),
    cognome: text('cognome'),
    denominazione: text('denominazione'),
    codiceFiscale: text('codice_fiscale').notNull(),
    partitaIva: text('partita_iva').notNull(),
    indirizzo: text('indirizzo').notNull(),
    cap: text('cap').notNull(),
    comune: text('comune').notNull(),
    provincia: text('provincia').notNull(),
    nazione: text('nazione').notNull(),
    /** Seven characters, or null: then the invoice goes to `pec_destinatario`. */
    codiceDestinatario: text('codice_destinatario'),
    pecDestinatario: text('pec_destinatario'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('billing_profiles_tipo_valid', oneOf(t.tipo, BILLING_TYPE_VALUES))],
);

/** TD01 invoice, TD04 credit note (FatturaPA); the transmission states are shared's. */
export const INVOICE_TYPE_VALUES = INVOICE_TIPO_VALUES;
export { INVOICE_STATUS_VALUES };

/**
 * The last invoice number of each calendar year. Incremented in the fulfilment's transaction
 * with a row lock: a number is taken only if the invoice commits, so numbers have no gaps and
 * no duplicates, whatever the number of server instances.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * An issued e-invoice (issue 14): the numbers, the buyer's and seller's data as they were, and
 * the XML sent. Immutable once written (a trigger refuses any change but the transmission
 * status): a correction is a credit note, a new row.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    /** As printed and in the XML: prefix, year and number ("LP-2026/000001"). */
    fullNumber: text('full_number').notNull(),
    tipo: text('tipo', { enum: INVOICE_TYPE_VALUES }).notNull(),
    issuedOn: text('issued_on').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    /** The invoice a credit note corrects. */
    correctsInvoiceId: uuid('corrects_invoice_id').references((): AnyPgColumn => invoices.id),
    buyer: jsonb('buyer').$type<InvoiceBuyer>().notNull(),
    seller: jsonb('seller').$type<InvoiceSeller>().notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    imponibileCents: integer('imponibile_cents').notNull(),
    ivaCents: integer('iva_cents').notNull(),
    totaleCents: integer('totale_cents').notNull(),
    /** The `<progressivo>` of the file name `IT<PIVA>_<progressivo>.xml`, unique. */
    progressivoInvio: text('progressivo_invio').notNull(),
    xml: text('xml').notNull(),
    status: text('status', { enum: INVOICE_STATUS_VALUES }).notNull().default('pronta'),
    statusReason: text('status_reason'),
    /** When the transmission adapter took the XML (default: wrote it under $DATA_DIR/invoices). */
    transmittedAt: timestamp('transmitted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_year_number_unique').on(t.year, t.number),
    uniqueIndex('invoices_progressivo_unique').on(t.progressivoInvio),
    check('invoices_tipo_valid', oneOf(t.tipo, INVOICE_TYPE_VALUES)),
    check('invoices_status_valid', oneOf(t.status, INVOICE_STATUS_VALUES)),
    index('invoices_user_idx').on(t.userId, t.createdAt),
    index('invoices_contract_idx').on(t.contractId),
    // One credit note per invoice: a refund delivered twice issues one.
    uniqueIndex('invoices_corrects_unique').on(t.correctsInvoiceId),
    // The transmission worker's queue.
    index('invoices_untransmitted_idx').on(t.createdAt).where(sql`${t.transmittedAt} is null`),
  ],
);

/**
 * 'open': the buyer is at the provider's checkout; 'paid': the provider took the money (the
 * payment row follows at fulfilment); 'expired': the provider closed it unpaid.
 */
export const CHECKOUT_SESSION_STATUS_VALUES = ['open', 'paid', 'expired'] as const;

/**
 * Checkout sessions the server started, whatever the provider (DESIGN §8): the local provider's
 * own record, which `POST /payment` verifies as it would verify a Stripe Checkout Session, and
 * what makes a contract with a payment in progress uneditable. Each names the answers it was
 * priced on, so fulfilment refuses a contract whose answers changed since.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    /** The provider's session id (`local_<random>`, `cs_…`): the payment's `transaction_id`. */
    id: text('id').primaryKey(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull().default('local'),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    /** SHA-256 (hex) of the canonical answers at checkout; null for sessions recorded before. */
    answersSha256: text('answers_sha256'),
    status: text('status', { enum: CHECKOUT_SESSION_STATUS_VALUES }).notNull(),
    /** When an open session stops counting as in progress; null: only its status ends it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Where the buyer pays (Stripe's hosted page): a second 'Acquista' reuses an open session. */
    url: text('url'),
    createdAt: createdAt(),
  },
  (t) => [
    index('checkout_sessions_contract_idx').on(t.contractId),
    check('checkout_sessions_status_valid', oneOf(t.status, CHECKOUT_SESSION_STATUS_VALUES)),
    check('checkout_sessions_provider_valid', oneOf(t.provider, PAYMENT_PROVIDERS)),
    check('checkout_sessions_amount_not_negative', sql`${t.amountCents} >= 0`),
  ],
);

/**
 * Stripe events already handled (issue 14): a redelivered event (same id) is acknowledged and
 * does nothing.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The first answer to a creation sent with an `Idempotency-Key` (DESIGN §3), written in the
 * creation's own transaction: a retry with the same key and body gets that answer again instead
 * of a second contract or session. Kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** `METHOD /route`: one key is not an answer for another route. */
    route: text('route').notNull(),
    /** SHA-256 (hex) of the canonical request body: the same key with another body is refused. */
    requestSha256: text('request_sha256').notNull(),
    statusCode: integer('status_code').notNull(),
    /** The route's answer, replayed as it was: its type is the route's (`idempotent<T>`). */
    responseBody: jsonb('response_body').$type<unknown>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key_unique').on(t.userId, t.key),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);

/** Mails written in the same transaction as their cause, sent later by the worker. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // "to" is an SQL keyword; the column name spares every raw query the quoting.
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** The invoice whose courtesy PDF goes with the mail, rendered when it is sent (issue 14). */
    attachInvoiceId: uuid('attach_invoice_id').references((): AnyPgColumn => invoices.id),
    status: text('status', { enum: OUTBOX_STATUS_VALUES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('outbox_status_valid', oneOf(t.status, OUTBOX_STATUS_VALUES)),
    // The worker's queue: pending mails whose next attempt is due, and claims whose lease ran out.
    index('outbox_queue_idx').on(t.status, t.nextAttemptAt),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null when the system acted (seed, worker). */
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);

export const CLIENT_KIND_VALUES = ['persona_fisica', 'persona_giuridica'] as const;

/**
 * A lawyer's client register (DESIGN §15): the lawyer is the controller of this data, the
 * platform its processor. Rows belong to one lawyer and go with the account. Contracts never
 * point here: a document copies the answers it was filled with, so erasing a client leaves
 * bought documents and invoices as they were.
 */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipo: text('tipo', { enum: CLIENT_KIND_VALUES }).notNull(),
    /** The checked fields of PERSON_FIELDS or COMPANY_FIELDS, canonical (as answers are). */
    dati: jsonb('dati').$type<Record<string, string>>().notNull(),
    legaleRappresentante: jsonb('legale_rappresentante').$type<Record<string, string>>(),
    /** «Rossi Mario» or «Alfa S.r.l.»: what the list orders by and shows. */
    displayName: text('display_name').notNull(),
    /**
     * What the search reads: the name both ways round, the denominazione, the codice fiscale and
     * the partita IVA, lower-cased. Generated, so no writer can forget it.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(display_name || ' ' || coalesce(dati->>'nome', '') || ' ' || coalesce(dati->>'codice_fiscale', '') || ' ' || coalesce(dati->>'partita_iva', ''))`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('clients_tipo_valid', oneOf(t.tipo, CLIENT_KIND_VALUES)),
    // The lawyer's list, by name (the id breaks ties).
    index('clients_owner_name_idx').on(t.ownerId, sql`lower(${t.displayName})`, t.id),
    // `ILIKE '%…%'` on any part of a name or tax code (pg_trgm); the owner's rows are combined
    // with it by the planner.
    index('clients_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * A preview or PDF/A that LibreOffice failed to make, as «Stato del servizio» lists it on every
 * instance and after a restart: which document and the kind of failure, never an answer. Only
 * the recent ones are kept (pruned at each insert); a later success of the same document
 * removes its rows.
 */
export const previewFailures = pgTable(
  'preview_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    /** Null for an admin's try-out of the template's preview. */
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'cascade' }),
    /** The set's document, from 1. */
    document: integer('document').notNull(),
    output: text('output').notNull(),
    /** The kind of failure (crashed, timeout, conversion): no message, which could quote text. */
    reason: text('reason').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('preview_failures_output_valid', sql`${t.output} in ('pdf', 'pdf-a')`),
    index('preview_failures_failed_at_idx').on(t.failedAt),
    index('preview_failures_contract_idx').on(t.contractId, t.document),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type CategoryRow = typeof categories.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type ClientRow = typeof clients.$inferSelect;
