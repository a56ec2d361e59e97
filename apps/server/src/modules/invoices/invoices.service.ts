import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { it } from '@lexpath/shared';
import { todayInItaly } from '@lexpath/shared/answer-types';
import { formatShortDate } from '@lexpath/shared/italian-formats';
import { and, eq, sql } from 'drizzle-orm';
import type { SellerConfig } from '../../config.ts';
import type { DbExecutor } from '../../db/client.ts';
import { billingProfiles, invoiceCounters, invoices } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  buildFatturaPa,
  type FatturaPaDocument,
  type InvoiceBuyer,
  invoiceTotals,
} from './fatturapa.ts';
import { assertValidFatturaPa, InvalidFatturaPaError } from './fatturapa-schema.ts';

type BillingRow = typeof billingProfiles.$inferSelect;

/** The buyer as the invoice names them, from the stored profile (a snapshot: it never changes). */
export function buyerOf(profile: BillingRow): InvoiceBuyer {
  const common = {
    partitaIva: profile.partitaIva,
    codiceFiscale: profile.codiceFiscale,
    sede: {
      indirizzo: profile.indirizzo,
      cap: profile.cap,
      comune: profile.comune,
      ...(profile.nazione === 'IT' ? { provincia: profile.provincia } : {}),
      nazione: profile.nazione,
    },
    ...(profile.codiceDestinatario ? { codiceDestinatario: profile.codiceDestinatario } : {}),
    ...(profile.pecDestinatario ? { pecDestinatario: profile.pecDestinatario } : {}),
  };
  return profile.tipo === 'persona_fisica'
    ? {
        ...common,
        tipo: 'persona_fisica',
        nome: profile.nome ?? '',
        cognome: profile.cognome ?? '',
      }
    : { ...common, tipo: profile.tipo, denominazione: profile.denominazione ?? '' };
}

/**
 * The next number of `year`, taken under the counter row's lock: a concurrent fulfilment (on
 * any instance) waits for this transaction, so a number is used only if the invoice commits.
 */
async function nextNumber(tx: DbExecutor, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.year,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (!row) throw new Error('invoice counter returned no row');
  return row.lastNumber;
}

/**
 * The issue date and number of a new invoice or credit note, taken together: the date is read
 * only under a transaction-scoped lock that every issuing transaction (on any instance) takes
 * first, so it is read after the previous document committed. A higher number then never
 * carries an earlier date, across midnight or New Year's Eve (the numbers of a year follow the
 * dates, art. 21 DPR 633/72). Issuing is serialised anyway by the year's counter row.
 */
async function takeDateAndNumber(
  tx: DbExecutor,
  fixedDate: string | undefined,
  today: () => string,
): Promise<{ issuedOn: string; year: number; number: number }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lexpath:invoice-numbering'))`);
  const issuedOn = fixedDate ?? today();
  const year = Number(issuedOn.slice(0, 4));
  return { issuedOn, year, number: await nextNumber(tx, year) };
}

/** The number as printed and in the XML: prefix, year and six digits ("LP-2026/000042"). */
function formatInvoiceNumber(seller: SellerConfig, year: number, number: number): string {
  return `${seller.invoicePrefix}${year}/${String(number).padStart(6, '0')}`;
}

/** A document but for what the numbering gives it. */
type InvoiceContent = Omit<FatturaPaDocument, 'numero' | 'data' | 'progressivoInvio'>;

/**
 * Checks the document against the official schema before a number is taken: the check costs
 * a worker thread and 0.1–0.3 s, too long to hold the numbering lock that every purchase
 * waits for. What is checked is the document as it will be issued but for its number, date
 * and progressivo, which are given here in the shapes the numbering writes (the prefix of the
 * configuration, the year, six digits; a date; five base-36 characters), so the text that
 * comes from people (the buyer's profile, the seller's configuration, the title) is all
 * checked. Throws InvalidFatturaPaError: the caller's transaction rolls back and no number is
 * used.
 */
function assertIssuable(seller: SellerConfig, document: InvoiceContent, issuedOn: string): void {
  const year = Number(issuedOn.slice(0, 4));
  assertValidFatturaPa(
    buildFatturaPa({
      ...document,
      numero: formatInvoiceNumber(seller, year, 999_999),
      data: issuedOn,
      progressivoInvio: 'ZZZZZ',
    }),
  );
}

/** The sequence's next value, as `progressivoOf` reads it: usable inside another select. */
export const NEXT_PROGRESSIVO = sql<string>`nextval('invoice_progressivo_seq')::text`;

/** Five characters of base 36 from a sequence: unique file names for 60 million invoices. */
export function progressivoOf(value: string): string {
  return Number(value).toString(36).toUpperCase().padStart(5, '0');
}

async function nextProgressivo(tx: DbExecutor): Promise<string> {
  const result = await tx.execute<{ value: string }>(sql`select ${NEXT_PROGRESSIVO} as value`);
  return progressivoOf(result.rows[0]?.value ?? '');
}

export interface SaleToInvoice {
  userId: string;
  contractId: string;
  paymentId: string;
  /** The document's title: the invoice line. */
  title: string;
  netCents: number;
  /** Europe/Rome issue date; today by default. */
  issuedOn?: string;
  /** Today's Europe/Rome date, read once the numbering lock is held (tests set the clock). */
  today?: () => string;
  /** The content checked before the transaction, if it was. */
  checked?: CheckedInvoice | null;
}

/** What an invoice needs before its number: read without any lock that others wait on. */
export type InvoiceDraft = {
  buyer: InvoiceBuyer;
  progressivoInvio: string;
};

/** An invoice whose number is taken: the numbering lock is held until the transaction ends. */
export type NumberedInvoice = InvoiceDraft & {
  seller: SellerConfig;
  year: number;
  number: number;
  fullNumber: string;
  issuedOn: string;
};

export type IssuedInvoice = { id: string; fullNumber: string; issuedOn: string };

/**
 * What an invoice will say, checked against the schema before the fulfilment's transaction
 * (checkInvoiceBeforehand): `issueInvoice` checks again only when it finds something else.
 */
export type CheckedInvoice = { buyer: InvoiceBuyer; title: string; netCents: number };

function saleContent(seller: SellerConfig, checked: CheckedInvoice): InvoiceContent {
  return {
    tipoDocumento: 'TD01',
    seller,
    buyer: checked.buyer,
    lines: [{ descrizione: checked.title, prezzoCents: checked.netCents }],
  };
}

/**
 * The buyer's data give no valid e-invoice (a profile saved before the form refused control
 * characters or other scripts): 422 with what to do, and logged as an error for the admins.
 */
export class InvoiceNotIssuableError extends AppError {
  readonly logLevel = 'error';

  constructor(cause: InvalidFatturaPaError) {
    super('unprocessable', it.payments.invoiceNotIssuable, { cause });
  }
}

/**
 * The schema check of the invoice a sale to `userId` would get now, run before the
 * fulfilment's transaction so that no connection or row lock waits for it. Null when the buyer
 * has no billing profile (nothing to check). Throws InvoiceNotIssuableError.
 */
export async function checkInvoiceBeforehand(
  db: DbExecutor,
  seller: SellerConfig,
  sale: { userId: string; title: string; netCents: number },
): Promise<CheckedInvoice | null> {
  const [profile] = await db
    .select()
    .from(billingProfiles)
    .where(eq(billingProfiles.userId, sale.userId));
  if (!profile) return null;
  const checked = { buyer: buyerOf(profile), title: sale.title, netCents: sale.netCents };
  try {
    assertIssuable(seller, saleContent(seller, checked), todayInItaly());
  } catch (error) {
    if (error instanceof InvalidFatturaPaError) throw new InvoiceNotIssuableError(error);
    throw error;
  }
  return checked;
}

/**
 * The schema check of a drafted invoice, before its number is taken (so no other purchase waits
 * for it): skipped when the caller checked exactly this content before the transaction
 * (checkInvoiceBeforehand). Throws InvalidFatturaPaError: the transaction rolls back and no
 * number is used.
 */
export function assertDraftIssuable(
  seller: SellerConfig,
  draft: InvoiceDraft,
  sale: Pick<SaleToInvoice, 'title' | 'netCents' | 'checked' | 'issuedOn' | 'today'>,
): void {
  const checked = { buyer: draft.buyer, title: sale.title, netCents: sale.netCents };
  if (sale.checked && isDeepStrictEqual(sale.checked, checked)) return;
  assertIssuable(
    seller,
    saleContent(seller, checked),
    sale.issuedOn ?? (sale.today ?? todayInItaly)(),
  );
}

/**
 * The invoice's buyer snapshot and file name, read in the fulfilment's transaction `tx` before
 * the number: null when the buyer has no billing profile (the checkout requires one; such a sale
 * is not invoiced). The progressivo comes from a sequence, which never waits on another
 * transaction.
 */
export async function draftInvoice(tx: DbExecutor, userId: string): Promise<InvoiceDraft | null> {
  const [profile] = await tx
    .select()
    .from(billingProfiles)
    .where(eq(billingProfiles.userId, userId));
  if (!profile) return null;
  return { buyer: buyerOf(profile), progressivoInvio: await nextProgressivo(tx) };
}

/**
 * Takes the next number for `draft`. From here until `tx` ends every other issuing transaction
 * (on any instance) waits, so the caller does only the inserts the invoice needs before it
 * commits: whatever can be read or computed earlier is.
 */
export async function numberInvoice(
  tx: DbExecutor,
  seller: SellerConfig,
  draft: InvoiceDraft,
  clock: Pick<SaleToInvoice, 'issuedOn' | 'today'> = {},
): Promise<NumberedInvoice> {
  const { issuedOn, year, number } = await takeDateAndNumber(
    tx,
    clock.issuedOn,
    clock.today ?? todayInItaly,
  );
  return {
    ...draft,
    seller,
    year,
    number,
    fullNumber: formatInvoiceNumber(seller, year, number),
    issuedOn,
  };
}

/**
 * The insert of the numbered invoice of the sale (its XML built here), not yet run, and the
 * invoice it writes: its id is chosen here, so the caller can send the insert in one statement
 * with the payment's and the mail's while it holds the numbering lock.
 */
export function invoiceInsert(
  tx: DbExecutor,
  invoice: NumberedInvoice,
  sale: Pick<SaleToInvoice, 'userId' | 'contractId' | 'paymentId' | 'title' | 'netCents'>,
) {
  const lines = [{ descrizione: sale.title, prezzoCents: sale.netCents }];
  const { seller } = invoice;
  const document: FatturaPaDocument = {
    tipoDocumento: 'TD01',
    numero: invoice.fullNumber,
    data: invoice.issuedOn,
    progressivoInvio: invoice.progressivoInvio,
    seller,
    buyer: invoice.buyer,
    lines,
  };
  const totals = invoiceTotals(lines);
  const issued: IssuedInvoice = {
    id: randomUUID(),
    fullNumber: invoice.fullNumber,
    issuedOn: invoice.issuedOn,
  };
  const insert = tx.insert(invoices).values({
    id: issued.id,
    year: invoice.year,
    number: invoice.number,
    fullNumber: invoice.fullNumber,
    tipo: 'TD01',
    issuedOn: invoice.issuedOn,
    userId: sale.userId,
    contractId: sale.contractId,
    paymentId: sale.paymentId,
    buyer: document.buyer,
    seller,
    lines,
    imponibileCents: totals.imponibileCents,
    ivaCents: totals.impostaCents,
    totaleCents: totals.totaleCents,
    progressivoInvio: document.progressivoInvio,
    xml: buildFatturaPa(document),
  });
  return { insert, issued };
}

/** Writes the numbered invoice of the sale (its XML built here) in the same transaction. */
export async function insertInvoice(
  tx: DbExecutor,
  invoice: NumberedInvoice,
  sale: Pick<SaleToInvoice, 'userId' | 'contractId' | 'paymentId' | 'title' | 'netCents'>,
): Promise<IssuedInvoice> {
  const { insert, issued } = invoiceInsert(tx, invoice, sale);
  await insert;
  return issued;
}

/**
 * Issues the invoice of a sale already recorded, inside the caller's transaction `tx`: draft,
 * number, insert. Null when the buyer has no billing profile. Fulfilment does the three steps
 * itself, with the payment's insert between the number and the invoice.
 */
export async function issueInvoice(
  tx: DbExecutor,
  seller: SellerConfig,
  sale: SaleToInvoice,
): Promise<IssuedInvoice | null> {
  const draft = await draftInvoice(tx, sale.userId);
  if (!draft) return null;
  assertDraftIssuable(seller, draft, sale);
  return insertInvoice(tx, await numberInvoice(tx, seller, draft, sale), sale);
}

/** An issued document as the API names it (ZInvoiceRef). */
export type IssuedRef = { id: string; number: string; date: string };

/**
 * The credit note (TD04) cancelling the invoice of a refunded sale, inside the refund's
 * transaction `tx`: the next number of the current year from the invoices' own counter (one
 * gapless sequence), the original's buyer snapshot and lines, and the link to it
 * (DatiFattureCollegate). One per invoice: the original's row is locked, so concurrent calls
 * queue, and a later call answers the note already issued (the unique index on
 * `corrects_invoice_id` backs this). Null when the sale was never invoiced (the buyer had no
 * billing profile then): there is nothing to correct.
 */
export async function issueCreditNote(
  tx: DbExecutor,
  seller: SellerConfig,
  of: { invoiceId: string } | { paymentId: string },
  today: () => string = todayInItaly,
): Promise<IssuedRef | null> {
  const [original] = await tx
    .select()
    .from(invoices)
    .where(
      'invoiceId' in of
        ? and(eq(invoices.id, of.invoiceId), eq(invoices.tipo, 'TD01'))
        : and(eq(invoices.paymentId, of.paymentId), eq(invoices.tipo, 'TD01')),
    )
    // Not FOR UPDATE: the transmission worker may still update the original's status meanwhile.
    .for('no key update');
  if (!original) return null;
  const [existing] = await tx
    .select({ id: invoices.id, number: invoices.fullNumber, date: invoices.issuedOn })
    .from(invoices)
    .where(eq(invoices.correctsInvoiceId, original.id));
  if (existing) return existing;

  // The buyer and lines as invoiced (not today's profile); the seller is who issues it today.
  const { lines } = original;
  const content = {
    tipoDocumento: 'TD04' as const,
    seller,
    buyer: original.buyer,
    lines,
    rettifica: { numero: original.fullNumber, data: original.issuedOn },
    causale: `Storno totale della fattura n. ${original.fullNumber} del ${formatShortDate(original.issuedOn)} per rimborso`,
  };
  assertIssuable(seller, content, today());
  const { issuedOn, year, number } = await takeDateAndNumber(tx, undefined, today);
  const fullNumber = formatInvoiceNumber(seller, year, number);
  const document: FatturaPaDocument = {
    ...content,
    numero: fullNumber,
    data: issuedOn,
    progressivoInvio: await nextProgressivo(tx),
  };
  const totals = invoiceTotals(lines);
  const [created] = await tx
    .insert(invoices)
    .values({
      year,
      number,
      fullNumber,
      tipo: 'TD04',
      issuedOn,
      userId: original.userId,
      contractId: original.contractId,
      paymentId: original.paymentId,
      correctsInvoiceId: original.id,
      buyer: document.buyer,
      seller,
      lines,
      imponibileCents: totals.imponibileCents,
      ivaCents: totals.impostaCents,
      totaleCents: totals.totaleCents,
      progressivoInvio: document.progressivoInvio,
      xml: buildFatturaPa(document),
    })
    .returning({ id: invoices.id, number: invoices.fullNumber, date: invoices.issuedOn });
  if (!created) throw new Error('credit note insert returned no row');
  return created;
}
