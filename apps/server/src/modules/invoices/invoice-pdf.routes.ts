import { ZApiError } from '@lexpath/shared/schemas/api';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PdfPool } from '../../documents/pdf-pool.ts';
import { authenticate, currentUser } from '../../plugins/auth.ts';
import { allow, mayReadContracts } from '../../policy.ts';
import { attachmentDisposition } from '../files/content-disposition.ts';
import { getCourtesyCopy } from './courtesy-copy.ts';

// Any string: a malformed id answers 404 like an unknown one (or another user's).
const ZInvoiceIdParams = z.object({ id: z.string() });

/** Binary answers bypass the JSON response schemas (those describe the errors only). */
function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', attachmentDisposition(fileName))
    .send(pdf);
}

export type InvoicePdfRoutesOptions = { pdfPool: PdfPool };

/**
 * GET /api/invoice/{id}/pdf: the courtesy copy of an invoice or credit note (issue 14). Its own
 * plugin under /api/invoice, beside the invoices list and XML routes, because it needs the
 * LibreOffice pool they do not.
 */
export const invoicePdfRoutes: FastifyPluginAsyncZod<InvoicePdfRoutesOptions> = async (
  app,
  { pdfPool },
) => {
  app.get(
    '/:id/pdf',
    {
      // Lawyers read their own invoices, the admin everyone's; editors sell nothing.
      onRequest: [authenticate, allow(mayReadContracts)],
      schema: {
        tags: ['invoices'],
        summary:
          'The courtesy copy (PDF) of an invoice or credit note, named by Content-Disposition. The buyer, or an admin; others 404',
        description:
          'The fiscal document is the FatturaPA XML; this PDF is for the buyer’s records. 503 while LibreOffice is unavailable.',
        security: [{ bearerAuth: [] }],
        params: ZInvoiceIdParams,
        response: { 401: ZApiError, 403: ZApiError, 404: ZApiError, 503: ZApiError },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await getCourtesyCopy(
        app.db,
        pdfPool,
        currentUser(request),
        request.params.id,
      );
      return sendPdf(reply, pdf, fileName);
    },
  );
};
