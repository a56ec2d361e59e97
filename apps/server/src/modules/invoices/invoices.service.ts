import { todayInItaly } from '@lexpath/shared/answer-types';
import { eq, sql } from 'drizzle-orm';
import type { SellerConfig } from '../../config.ts';
import type { DbExecutor } from '../../db/client.ts';
import { billingProfiles, invoiceCounters, invoices } from '../../db/schema.ts';
import {
  buildFatturaPa,
  type FatturaPaDocument,
  type InvoiceBuyer,
  invoiceTotals,
} from './fatturapa.ts';

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

/** Five characters of base 36 from a sequence: unique file names for 60 million invoices. */
async function nextProgressivo(tx: DbExecutor): Promise<string> {
  const result = await tx.execute<{ value: string }>(
    sql`select nextval('invoice_progressivo_seq')::text as value`,
  );
  const value = Number(result.rows[0]?.value);
  return value.toString(36).toUpperCase().padStart(5, '0');
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
}

/**
 * Issues the invoice of a fulfilled sale inside the fulfilment's transaction `tx`: number,
 * buyer snapshot, XML. Returns null when the buyer has no billing profile yet (the checkout
 * will require one; until the cart asks for it, such sales are not invoiced).
 */
export async function issueInvoice(
  tx: DbExecutor,
  seller: SellerConfig,
  sale: SaleToInvoice,
): Promise<{ id: string; fullNumber: string; issuedOn: string } | null> {
  const [profile] = await tx
    .select()
    .from(billingProfiles)
    .where(eq(billingProfiles.userId, sale.userId));
  if (!profile) return null;
  const issuedOn = sale.issuedOn ?? todayInItaly();
  const year = Number(issuedOn.slice(0, 4));
  const number = await nextNumber(tx, year);
  const fullNumber = `${seller.invoicePrefix}${year}/${String(number).padStart(6, '0')}`;
  const lines = [{ descrizione: sale.title, prezzoCents: sale.netCents }];
  const document: FatturaPaDocument = {
    tipoDocumento: 'TD01',
    numero: fullNumber,
    data: issuedOn,
    progressivoInvio: await nextProgressivo(tx),
    seller,
    buyer: buyerOf(profile),
    lines,
  };
  const totals = invoiceTotals(lines);
  const [created] = await tx
    .insert(invoices)
    .values({
      year,
      number,
      fullNumber,
      tipo: 'TD01',
      issuedOn,
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
    })
    .returning({
      id: invoices.id,
      fullNumber: invoices.fullNumber,
      issuedOn: invoices.issuedOn,
    });
  if (!created) throw new Error('invoice insert returned no row');
  return created;
}
