import { it } from '@lexpath/shared';
import { dataOf, ZApiError } from '@lexpath/shared/schemas/api';
import { ZRefundResult } from '@lexpath/shared/schemas/invoices';
import {
  ZCheckout,
  ZCheckoutResult,
  ZLocalCheckout,
  ZLocalCheckoutResult,
  ZPayment,
  ZPaymentCreate,
} from '@lexpath/shared/schemas/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { authenticate, currentUser } from '../../plugins/auth.ts';
import { allow, mayReadContracts, mayRefundPayments, mayUseUserArea } from '../../policy.ts';
import { createCheckout } from './checkout.service.ts';
import {
  createLocalCheckout,
  getPayment,
  handleStripeEvent,
  recordPayment,
} from './payments.service.ts';
import { createPaymentProvider, type StripeProvider } from './providers.ts';
import { refundByAdmin } from './refunds.service.ts';

const ZPaymentIdParams = z.object({ id: z.string() });

/**
 * /api/payment: the purchase of a completed contract (DESIGN §8), in the user area (editors and
 * admins: 403, SPEC §6).
 */
export type PaymentRoutesOptions = {
  /**
   * Called once POST /payment has recorded (or found) the contract's payment, after the reply:
   * the app prepares the bought document's PDF/A there. Not awaited; it must not throw.
   */
  onPaid?: (contractId: string) => void;
};

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (
  app,
  { onPaid },
) => {
  const security = [{ bearerAuth: [] }];
  const userArea = [authenticate, allow(mayUseUserArea)];
  const provider = createPaymentProvider(app.config, app.db);
  const localProvider = provider.name === 'local';
  // A fulfilment (POST /payment, the webhook) or a refund may have issued an invoice or a credit
  // note: hand it to the transmission worker now rather than at its next poll. Scoped to these
  // routes, so no other request runs the hook.
  app.addHook('onResponse', (request, reply, done) => {
    if (request.method === 'POST' && reply.statusCode < 300) app.invoiceTransmission.kick();
    done();
  });

  app.post(
    '/checkout',
    {
      // Customers buy; staff try templates through the test flow instead (SPEC §2).
      onRequest: userArea,
      schema: {
        tags: ['payments'],
        summary: "The cart's 'Acquista': where the buyer pays for a completed contract",
        description:
          'Answers the URL of the checkout of the provider in force: without STRIPE_SECRET_KEY the local test page (`/pagamento-di-prova?contract=<id>`); with Stripe a Checkout Session the server creates for the contract (its pinned price plus 22 % VAT, `client_reference_id` and metadata naming it, back to the cart with `session_id`, expiring after about 30 minutes); a second call while that session is open answers the same URL. Customers only (403 for staff), on their own contract (404 otherwise); the contract must be COMPLETED (422) and not paid (409), and the buyer must have a billing profile (422). 409 while another payment of the contract is in progress; 503 when Stripe cannot be reached (nothing recorded). Accepts an `Idempotency-Key` header.',
        security,
        body: ZCheckout,
        response: {
          200: dataOf(ZCheckoutResult),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
          422: ZApiError,
          503: ZApiError,
        },
      },
    },
    async (request, reply) =>
      idempotent(app.db, request, reply, async (tx) => ({
        data: await createCheckout(
          tx,
          provider,
          { appUrl: app.config.appUrl },
          currentUser(request),
          request.body.contractId,
        ),
      })),
  );

  app.post(
    '/local-checkout',
    {
      onRequest: userArea,
      schema: {
        tags: ['payments'],
        summary: 'Test payment (local provider, no STRIPE_SECRET_KEY): a paid checkout session',
        description:
          'The buyer must have a billing profile (422). From here on the contract cannot change (409) until paid. Accepts an `Idempotency-Key` header: a retry with the same key answers the first session.',
        security,
        body: ZLocalCheckout,
        response: {
          200: dataOf(ZLocalCheckoutResult),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
          422: ZApiError,
        },
      },
    },
    async (request, reply) => {
      if (!localProvider) throw new AppError('notFound', it.payments.localDisabled);
      return idempotent(app.db, request, reply, async (tx) => ({
        data: await createLocalCheckout(tx, currentUser(request), request.body.contractId),
      }));
    },
  );

  app.post(
    '/',
    {
      onRequest: userArea,
      schema: {
        tags: ['payments'],
        summary: 'Record the payment of a contract once its checkout session is verified',
        description:
          '`price` is the total with VAT and must equal the server total (422); the contract must be COMPLETED (422) with the answers it had at checkout (409); a replayed transactionId answers the same payment; a session of another contract: 409.',
        security,
        body: ZPaymentCreate,
        response: {
          200: dataOf(z.object({ id: z.string() })),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
          422: ZApiError,
          503: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const data = await recordPayment(app.db, provider, currentUser(request), request.body, {
        seller: app.config.seller,
        mail: app.config,
      });
      if (onPaid) {
        const { contractId } = request.body;
        reply.raw.once('finish', () => onPaid(contractId));
      }
      return { data };
    },
  );

  // Scoped: only the webhook reads its body as raw bytes, which the signature covers.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    scope.post(
      '/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: 'Stripe webhook: fulfils paid Checkout Sessions (signature verified)',
          description:
            'Handles `checkout.session.completed`, `checkout.session.async_payment_succeeded`, `checkout.session.async_payment_failed`, `checkout.session.expired` (the contract is editable again), `charge.refunded` (in full: download revoked, credit note; partial: recorded only) and `charge.dispute.created` (the payment flagged); other events are acknowledged. Each event id acts once (`stripe_events`). 503 for a refund or dispute of a payment not recorded yet (out of order: Stripe delivers it again later); 200 and an audit entry for one of a charge this server did not sell (no Checkout Session of ours for its PaymentIntent that may still be paid); 400 for a missing or bad `Stripe-Signature`; 404 without Stripe (local provider) or STRIPE_WEBHOOK_SECRET.',
          response: {
            200: z.object({ received: z.literal(true) }),
            400: ZApiError,
            404: ZApiError,
            503: ZApiError,
          },
        },
      },
      async (request) => {
        const secret = app.config.stripeWebhookSecret;
        if (!('constructEvent' in provider) || !secret) {
          throw new AppError('notFound', it.payments.webhookDisabled);
        }
        const signature = request.headers['stripe-signature'];
        const rawBody = request.body;
        if (typeof signature !== 'string' || !signature || !Buffer.isBuffer(rawBody)) {
          throw new AppError('invalid', it.payments.webhookSignature);
        }
        let event: ReturnType<StripeProvider['constructEvent']>;
        try {
          event = provider.constructEvent(rawBody, signature, secret);
        } catch (error) {
          throw new AppError('invalid', it.payments.webhookSignature, { cause: error });
        }
        const result = await handleStripeEvent(
          app.db,
          event,
          { seller: app.config.seller, mail: app.config },
          provider,
        );
        const log = { eventId: event.id, type: event.type, ...result };
        if (result.outcome === 'refused') request.log.warn(log, 'stripe webhook: session refused');
        else request.log.info(log, 'stripe webhook');
        return { received: true as const };
      },
    );
  });

  app.post(
    '/:id/refund',
    {
      onRequest: [authenticate, allow(mayRefundPayments)],
      schema: {
        tags: ['payments'],
        summary: 'Refund a payment in full (admin): the download is revoked, a credit note issued',
        description:
          "With Stripe the charge is refunded at Stripe first (idempotency key per payment), then here: the payment is marked refunded, the buyer's download answers 403 from then on and the invoice gets its credit note (TD04; none when the purchase had no invoice). A payment already refunded answers 200 with the same result (a retry refunds nothing twice). 404 for an unknown payment; 503 when Stripe cannot be reached (nothing changed); 422 when Stripe refuses to refund it.",
        security,
        params: ZPaymentIdParams,
        response: {
          200: dataOf(ZRefundResult),
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          422: ZApiError,
          503: ZApiError,
        },
      },
    },
    async (request) => ({
      data: await refundByAdmin(
        app.db,
        provider,
        { seller: app.config.seller, mail: app.config },
        currentUser(request),
        request.params.id,
      ),
    }),
  );

  app.get(
    '/:id',
    {
      onRequest: [authenticate, allow(mayReadContracts)],
      schema: {
        tags: ['payments'],
        summary: "A payment (the contract's owner or an admin)",
        security,
        params: ZPaymentIdParams,
        response: { 200: dataOf(ZPayment), 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request) => ({
      data: await getPayment(app.db, currentUser(request), request.params.id),
    }),
  );
};
