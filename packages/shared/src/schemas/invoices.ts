/**
 * The e-invoices of purchases (issue 14): what the API answers about them and what the screens
 * show. The FatturaPA XML itself is built on the server; these are its summaries.
 */
import { z } from 'zod';
import { it } from '../messages/it.ts';
import { ZPageQuery } from './pagination.ts';

/** TD01 invoice, TD04 credit note (FatturaPA TipoDocumento). */
export const INVOICE_TIPO_VALUES = ['TD01', 'TD04'] as const;
export const ZInvoiceTipo = z.enum(INVOICE_TIPO_VALUES);

/**
 * Where the XML is on its way to the SDI (the transmission adapter's states): written and
 * waiting, handed to the intermediary, delivered, refused (with the reason).
 */
export const INVOICE_STATUS_VALUES = ['pronta', 'inviata', 'consegnata', 'scartata'] as const;
export const ZInvoiceStatus = z.enum(INVOICE_STATUS_VALUES);
export type TInvoiceStatus = z.infer<typeof ZInvoiceStatus>;

/** An invoice as a contract (GET /contract/{id}) and the lawyer's archive name it. */
export const ZInvoiceRef = z.object({
  id: z.string(),
  /** As printed and in the XML: "LP-2026/000001". */
  number: z.string(),
  /** Issue date, YYYY-MM-DD (Europe/Rome). */
  date: z.string(),
});
export type TInvoiceRef = z.infer<typeof ZInvoiceRef>;

/** One row of GET /invoice. Amounts are decimal strings in euros ("50.00"), as payments'. */
export const ZInvoiceSummary = ZInvoiceRef.extend({
  tipo: ZInvoiceTipo,
  /** Whom the invoice names: "Mario Rossi" or the denominazione, with their codes. */
  buyer: z.object({
    name: z.string(),
    codiceFiscale: z.string(),
    partitaIva: z.string(),
  }),
  imponibile: z.string(),
  iva: z.string(),
  totale: z.string(),
  status: ZInvoiceStatus,
  statusReason: z.string().nullable(),
  contractId: z.string(),
  paymentId: z.string(),
  /** The document sold (the invoice's line). */
  title: z.string(),
  /** A credit note: the invoice it corrects. */
  corrects: ZInvoiceRef.nullable(),
  /** An invoice: its credit note once the payment was refunded (then the download is revoked). */
  creditNote: ZInvoiceRef.nullable(),
  /** The buyer's bank disputes the charge (Stripe `charge.dispute.created`): for the admin. */
  disputed: z.boolean(),
});
export type TInvoiceSummary = z.infer<typeof ZInvoiceSummary>;

const ZMonth = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, it.validation.invalid);

/**
 * GET /invoice: the caller's own invoices (an admin's: everyone's), newest first. `q` matches the
 * number or the buyer (name, denominazione, codice fiscale, partita IVA); `month` is YYYY-MM.
 */
export const ZInvoicesQuery = ZPageQuery.extend({
  q: z.string().trim().max(200, it.validation.invalid).optional(),
  month: ZMonth.optional(),
});
export type TInvoicesQuery = z.input<typeof ZInvoicesQuery>;

/** GET /invoice/export?month=YYYY-MM (admin): the month's XML files as one zip. */
export const ZInvoiceExportQuery = z.object({ month: ZMonth });

/** POST /payment/{id}/refund (admin): the payment refunded, its credit note issued. */
export const ZRefundResult = z.object({
  paymentId: z.string(),
  refundedAt: z.string(),
  creditNote: ZInvoiceRef.nullable(),
});
export type TRefundResult = z.infer<typeof ZRefundResult>;
