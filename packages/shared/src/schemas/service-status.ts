import { z } from 'zod';

/** A mail the outbox stopped trying after its attempts: the admin may send it again. */
export const ZStoppedMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type TStoppedMail = z.infer<typeof ZStoppedMail>;

/**
 * An invoice that needs a look: refused by the SDI ('scartata', corrected by a new document,
 * never sent again), or not handed to the transmission after a while ('ferma', retried).
 */
export const ZInvoiceProblem = z.object({
  id: z.string(),
  number: z.string(),
  issuedOn: z.string(),
  problem: z.enum(['scartata', 'ferma']),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type TInvoiceProblem = z.infer<typeof ZInvoiceProblem>;

/**
 * A preview (or a bought document's PDF/A) LibreOffice failed to make, on any instance: the
 * template, the contract (null for a try-out of the template) and the set's document, from 1.
 */
export const ZPreviewFailure = z.object({
  at: z.string(),
  output: z.enum(['pdf', 'pdf-a']),
  reason: z.string(),
  templateId: z.string(),
  templateName: z.string(),
  contractId: z.string().nullable(),
  document: z.number().int(),
});
export type TPreviewFailure = z.infer<typeof ZPreviewFailure>;

/** GET /service-status: what stopped, newest first, at most `limit` of each. */
export const ZServiceStatus = z.object({
  mails: z.array(ZStoppedMail),
  invoices: z.array(ZInvoiceProblem),
  previews: z.array(ZPreviewFailure),
});
export type TServiceStatus = z.infer<typeof ZServiceStatus>;
