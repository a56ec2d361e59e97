import { dataOf, ZApiError } from '@lexpath/shared/schemas/api';
import {
  ZInvoiceExportQuery,
  ZInvoiceSummary,
  ZInvoicesQuery,
} from '@lexpath/shared/schemas/invoices';
import { paginatedOf } from '@lexpath/shared/schemas/pagination';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, currentUser } from '../../plugins/auth.ts';
import { allow, mayListAllInvoices, mayListInvoices } from '../../policy.ts';
import { attachmentDisposition } from '../files/content-disposition.ts';
import { exportMonthZip, getInvoiceXml, listInvoices } from './invoice-queries.ts';

const ZInvoiceIdParams = z.object({ id: z.string() });

/** The charset of the XML declaration buildFatturaPa writes (`encoding="UTF-8"`). */
const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';

/** A file to save: never cached on the way (a buyer's data), named by Content-Disposition. */
function sendFile(reply: FastifyReply, type: string, body: Buffer | string, fileName: string) {
  return reply
    .header('content-type', type)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', attachmentDisposition(fileName))
    .send(body);
}

/**
 * /api/invoice: the e-invoices of purchases (issue 14). A lawyer reads their own, an admin
 * everyone's; editors sell nothing and buy nothing (403). The courtesy PDF has its own module.
 */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const readers = [authenticate, allow(mayListInvoices)];

  app.get(
    '/',
    {
      onRequest: readers,
      schema: {
        tags: ['invoices'],
        summary: "Invoices and credit notes, newest first: the caller's own (an admin: everyone's)",
        description:
          '`q` matches a part of the number ("2026/000012", "12") or of the buyer\'s name, denominazione, codice fiscale or partita IVA, ignoring case; `month` (YYYY-MM) the month of issue. Amounts are decimal strings in euros.',
        security,
        querystring: ZInvoicesQuery,
        response: {
          200: dataOf(paginatedOf(ZInvoiceSummary)),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
        },
      },
    },
    async (request) => ({
      data: await listInvoices(app.db, currentUser(request), request.query),
    }),
  );

  // Before `/:id/xml` in the source for the reader; the router prefers the static segment anyway.
  app.get(
    '/export',
    {
      onRequest: [authenticate, allow(mayListAllInvoices)],
      schema: {
        tags: ['invoices'],
        summary: "A month's FatturaPA files as a zip, for the accountant (admin)",
        description:
          'Every invoice and credit note issued in `month` (YYYY-MM), each under its SDI name `IT<partita IVA>_<progressivo>.xml`, in `fatture-YYYY-MM.zip`. A month without invoices: 404 with a message.',
        security,
        querystring: ZInvoiceExportQuery,
        response: { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      const { fileName, zip } = await exportMonthZip(app.db, request.query.month);
      return sendFile(reply, 'application/zip', zip, fileName);
    },
  );

  app.get(
    '/:id/xml',
    {
      onRequest: readers,
      schema: {
        tags: ['invoices'],
        summary: 'The FatturaPA XML of an invoice or credit note, as sent to the SDI',
        description:
          "Named as the SDI expects (`IT<partita IVA>_<progressivo>.xml`). The buyer or an admin; someone else's invoice or an unknown id: 404.",
        security,
        params: ZInvoiceIdParams,
        response: { 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      const { fileName, xml } = await getInvoiceXml(
        app.db,
        currentUser(request),
        request.params.id,
      );
      return sendFile(reply, XML_CONTENT_TYPE, xml, fileName);
    },
  );
};
