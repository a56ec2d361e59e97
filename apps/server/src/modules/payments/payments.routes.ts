import { it } from '@lexpath/shared';
import { dataOf, ZApiError } from '@lexpath/shared/schemas/api';
import {
  ZLocalCheckout,
  ZLocalCheckoutResult,
  ZPayment,
  ZPaymentCreate,
} from '@lexpath/shared/schemas/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, currentUser } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { createLocalCheckout, getPayment, recordPayment } from './payments.service.ts';

const ZPaymentIdParams = z.object({ id: z.string() });

/** /api/payment: the purchase of a completed contract (DESIGN §8). */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const localProvider = !app.config.stripeSecretKey;

  app.post(
    '/local-checkout',
    {
      onRequest: [authenticate],
      schema: {
        tags: ['payments'],
        summary: 'Test payment (local provider, no STRIPE_SECRET_KEY): a paid checkout session',
        security,
        body: ZLocalCheckout,
        response: {
          200: dataOf(ZLocalCheckoutResult),
          400: ZApiError,
          401: ZApiError,
          404: ZApiError,
          409: ZApiError,
          422: ZApiError,
        },
      },
    },
    async (request) => {
      if (!localProvider) throw new AppError(404, it.payments.localDisabled);
      return {
        data: await createLocalCheckout(app.db, currentUser(request), request.body.contractId),
      };
    },
  );

  app.post(
    '/',
    {
      onRequest: [authenticate],
      schema: {
        tags: ['payments'],
        summary: 'Record the payment of a contract once its checkout session is verified',
        description:
          '`price` is the total with VAT and must equal the server total (422); a replayed transactionId answers the same payment; a session of another contract: 409.',
        security,
        body: ZPaymentCreate,
        response: {
          200: dataOf(z.object({ id: z.string() })),
          400: ZApiError,
          401: ZApiError,
          404: ZApiError,
          409: ZApiError,
          422: ZApiError,
          503: ZApiError,
        },
      },
    },
    async (request) => {
      // Verifying a Stripe Checkout Session needs the Stripe client, not part of this build.
      if (!localProvider) throw new AppError(503, it.payments.providerUnavailable);
      return { data: await recordPayment(app.db, currentUser(request), request.body) };
    },
  );

  app.get(
    '/:id',
    {
      onRequest: [authenticate],
      schema: {
        tags: ['payments'],
        summary: "A payment (the contract's owner or an admin)",
        security,
        params: ZPaymentIdParams,
        response: { 200: dataOf(ZPayment), 401: ZApiError, 404: ZApiError },
      },
    },
    async (request) => ({
      data: await getPayment(app.db, currentUser(request), request.params.id),
    }),
  );
};
