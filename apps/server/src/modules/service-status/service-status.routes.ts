import { dataOf, ZApiError } from '@lexpath/shared/schemas/api';
import { ZServiceStatus } from '@lexpath/shared/schemas/service-status';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, currentUser } from '../../plugins/auth.ts';
import { allow, mayListAllInvoices } from '../../policy.ts';
import {
  readServiceStatus,
  recordInvoiceRetry,
  retryStoppedMail,
} from './service-status.service.ts';

const ZIdParams = z.object({ id: z.uuid() });
const ZRetried = dataOf(z.object({ id: z.string() }));

/**
 * /api/service-status: «Stato del servizio», what stopped and needs an admin (issue 24): mails
 * the outbox gave up on, invoices refused by the SDI or stuck before their transmission, and the
 * previews that failed on any instance. Admin only (it names buyers and their PECs).
 */
export const serviceStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const admins = [authenticate, allow(mayListAllInvoices)];
  const refused = { 401: ZApiError, 403: ZApiError };

  app.get(
    '/',
    {
      onRequest: admins,
      schema: {
        tags: ['operations'],
        summary:
          'Stopped mails, invoices refused (scartata) or stuck before transmission, failed previews of every instance (the last 7 days); newest first',
        security,
        response: { 200: dataOf(ZServiceStatus), ...refused },
      },
    },
    async () => ({ data: await readServiceStatus(app.db) }),
  );

  app.post(
    '/mails/:id/retry',
    {
      onRequest: admins,
      schema: {
        tags: ['operations'],
        summary:
          'Sends a stopped mail again, with a fresh count of attempts (409 when not stopped); audited',
        security,
        params: ZIdParams,
        response: { 200: ZRetried, 400: ZApiError, 404: ZApiError, 409: ZApiError, ...refused },
      },
    },
    async (request) => {
      await retryStoppedMail(app.db, currentUser(request).id, request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  app.post(
    '/invoices/:id/retry',
    {
      onRequest: admins,
      schema: {
        tags: ['operations'],
        summary:
          'Tries the transmission of an invoice not yet handed over now, audited (409 once transmitted: never resent, a refused one is corrected by a new document)',
        security,
        params: ZIdParams,
        response: { 202: ZRetried, 400: ZApiError, 404: ZApiError, 409: ZApiError, ...refused },
      },
    },
    async (request, reply) => {
      await recordInvoiceRetry(app.db, currentUser(request).id, request.params.id);
      app.invoiceTransmission.retry(request.params.id);
      return reply.code(202).send({ data: { id: request.params.id } });
    },
  );
};
