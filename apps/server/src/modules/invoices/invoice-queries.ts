import { centsToDecimal, it } from '@lexpath/shared';
import type { TInvoiceRef, TInvoiceSummary } from '@lexpath/shared/schemas/invoices';
import { countPages } from '@lexpath/shared/schemas/pagination';
import { and, asc, count, desc, eq, ilike, like, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import PizZip from 'pizzip';
import type { DbExecutor } from '../../db/client.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { invoices, payments } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { type Caller, mayListAllInvoices, mayReadInvoice } from '../../policy.ts';
import type { InvoiceBuyer } from './fatturapa.ts';

const notFound = () => new AppError('notFound', it.errors.notFound);

/**
 * The name the SDI expects for the file of an invoice: `IT`, the transmitter's partita IVA (the
 * seller's, as the XML's IdTrasmittente names it), `_` and the invoice's ProgressivoInvio.
 */
export function sdiFileName(
  invoice: Pick<typeof invoices.$inferSelect, 'seller' | 'progressivoInvio'>,
): string {
  return `IT${invoice.seller.partitaIva}_${invoice.progressivoInvio}.xml`;
}

/** "Mario Rossi", or the studio's or company's denominazione. */
export function buyerName(buyer: InvoiceBuyer): string {
  return buyer.tipo === 'persona_fisica' ? `${buyer.nome} ${buyer.cognome}` : buyer.denominazione;
}

const correctedInvoices = alias(invoices, 'corrected_invoices');
const creditNotes = alias(invoices, 'credit_notes');

/** `YYYY-MM` as the year (the numbering index's first column) and a prefix of issued_on. */
function monthFilter(month: string): SQL {
  return and(
    eq(invoices.year, Number(month.slice(0, 4))),
    like(invoices.issuedOn, `${month}-%`),
  ) as SQL;
}

/**
 * What `q` matches: a part of the number ("2026/000012", "000012", "12"), or of the buyer's
 * name, denominazione, codice fiscale or partita IVA as the invoice recorded them, ignoring case.
 */
function searchFilter(q: string): SQL {
  const pattern = likePattern(q);
  const buyer = (key: string) => sql`${invoices.buyer} ->> ${key}`;
  return or(
    ilike(invoices.fullNumber, pattern),
    ilike(sql`concat_ws(' ', ${buyer('nome')}, ${buyer('cognome')})`, pattern),
    ilike(sql`concat_ws(' ', ${buyer('cognome')}, ${buyer('nome')})`, pattern),
    ilike(buyer('denominazione'), pattern),
    ilike(buyer('codiceFiscale'), pattern),
    ilike(buyer('partitaIva'), pattern),
  ) as SQL;
}

function refOf(id: string | null, number: string | null, date: string | null): TInvoiceRef | null {
  return id && number && date ? { id, number, date } : null;
}

/**
 * GET /invoice: the caller's invoices and credit notes (an admin's: everyone's), newest first.
 * Numbers follow the issue order within a year (taken under the counter's lock at issue), so
 * `year desc, number desc` is the issue order, read backwards from the numbering's unique index.
 */
export async function listInvoices(
  db: DbExecutor,
  caller: Caller,
  query: { page: number; limit: number; q?: string | undefined; month?: string | undefined },
): Promise<{ results: TInvoiceSummary[]; page: number; totalPages: number }> {
  const filters: SQL[] = [];
  if (!mayListAllInvoices(caller)) filters.push(eq(invoices.userId, caller.id));
  if (query.month) filters.push(monthFilter(query.month));
  if (query.q) filters.push(searchFilter(query.q));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        invoice: invoices,
        disputedAt: payments.disputedAt,
        correctsId: correctedInvoices.id,
        correctsNumber: correctedInvoices.fullNumber,
        correctsDate: correctedInvoices.issuedOn,
        creditNoteId: creditNotes.id,
        creditNoteNumber: creditNotes.fullNumber,
        creditNoteDate: creditNotes.issuedOn,
      })
      .from(invoices)
      .innerJoin(payments, eq(payments.id, invoices.paymentId))
      .leftJoin(correctedInvoices, eq(correctedInvoices.id, invoices.correctsInvoiceId))
      .leftJoin(creditNotes, eq(creditNotes.correctsInvoiceId, invoices.id))
      .where(where)
      .orderBy(desc(invoices.year), desc(invoices.number))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  return {
    results: rows.map((row) => {
      const invoice = row.invoice;
      const { buyer, lines } = invoice;
      return {
        id: invoice.id,
        number: invoice.fullNumber,
        date: invoice.issuedOn,
        tipo: invoice.tipo,
        buyer: {
          name: buyerName(buyer),
          codiceFiscale: buyer.codiceFiscale,
          partitaIva: buyer.partitaIva,
        },
        imponibile: centsToDecimal(invoice.imponibileCents),
        iva: centsToDecimal(invoice.ivaCents),
        totale: centsToDecimal(invoice.totaleCents),
        status: invoice.status,
        statusReason: invoice.statusReason,
        contractId: invoice.contractId,
        paymentId: invoice.paymentId,
        title: lines[0]?.descrizione ?? '',
        corrects: refOf(row.correctsId, row.correctsNumber, row.correctsDate),
        creditNote: refOf(row.creditNoteId, row.creditNoteNumber, row.creditNoteDate),
        disputed: row.disputedAt !== null,
      };
    }),
    page: query.page,
    totalPages: countPages(total?.n ?? 0, query.limit),
  };
}

/** GET /invoice/{id}/xml: the stored FatturaPA file and its SDI name; others' invoices: 404. */
export async function getInvoiceXml(
  db: DbExecutor,
  caller: Caller,
  id: string,
): Promise<{ fileName: string; xml: string }> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select({
      userId: invoices.userId,
      seller: invoices.seller,
      progressivoInvio: invoices.progressivoInvio,
      xml: invoices.xml,
    })
    .from(invoices)
    .where(eq(invoices.id, id));
  if (!row || !mayReadInvoice(caller, row)) throw notFound();
  return { fileName: sdiFileName(row), xml: row.xml };
}

/**
 * GET /invoice/export?month=YYYY-MM (admin): every XML issued in the month (invoices and credit
 * notes) in one zip, each under its SDI name, for the accountant's books. A month without
 * invoices is a 404 with a message rather than an empty zip, which an accountant would open for
 * nothing and could take for a failed export.
 */
export async function exportMonthZip(
  db: DbExecutor,
  month: string,
): Promise<{ fileName: string; zip: Buffer; count: number }> {
  const rows = await db
    .select({
      seller: invoices.seller,
      progressivoInvio: invoices.progressivoInvio,
      xml: invoices.xml,
    })
    .from(invoices)
    .where(monthFilter(month))
    .orderBy(asc(invoices.year), asc(invoices.number));
  if (rows.length === 0) throw new AppError('notFound', it.invoices.exportEmpty);
  const zip = new PizZip();
  for (const row of rows) zip.file(sdiFileName(row), row.xml);
  return {
    fileName: `fatture-${month}.zip`,
    zip: zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' }),
    count: rows.length,
  };
}
