import { it, ZUserPublic } from '@lexpath/shared';
import { dataOf, ZApiError } from '@lexpath/shared/schemas/api';
import {
  ZActionTokenQuery,
  ZForgotPassword,
  ZRegister,
  ZResetPassword,
} from '@lexpath/shared/schemas/registration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimit } from './auth.routes.ts';
import { requestPasswordReset, resetPassword } from './password-reset.service.ts';
import { registerUser, verifyEmail } from './registration.service.ts';

export type AccountRoutesOptions = {
  /** Registrations per IP. */
  registerRateLimit: RateLimit;
  /** Forgot-password requests per IP. */
  forgotPasswordRateLimit: RateLimit;
};

function perIp(limit: RateLimit) {
  return {
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    errorResponseBuilder: () => new AppError('rateLimited', it.errors.tooManyRequests),
  };
}

/** Registration, PEC verification and password recovery: the public account flows. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const deps = () => ({ db: app.db, mail: app.config });

  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Register a lawyer; a verify link goes to the PEC',
        description:
          'Creates a user with role user, status "in attesa" and an unverified PEC; any other field in the body is ignored.',
        body: ZRegister,
        response: { 201: dataOf(ZUserPublic), 400: ZApiError, 409: ZApiError, 429: ZApiError },
      },
      config: { rateLimit: perIp(options.registerRateLimit) },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await registerUser(deps(), request.body) }),
  );

  app.post(
    '/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm the PEC with the token of the mailed link (single use, 7 days)',
        querystring: ZActionTokenQuery,
        response: { 200: dataOf(z.null()), 400: ZApiError, 409: ZApiError, 422: ZApiError },
      },
    },
    async (request) => {
      await verifyEmail(deps(), request.query.token);
      return { data: null };
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a reset link; the same answer whether the PEC exists or not',
        body: ZForgotPassword,
        response: { 200: dataOf(z.null()), 400: ZApiError, 429: ZApiError },
      },
      config: { rateLimit: perIp(options.forgotPasswordRateLimit) },
    },
    async (request) => {
      await requestPasswordReset(deps(), request.body.pec);
      return { data: null };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token of the mailed link (single use, 1 hour)',
        description: 'Ends every session of the user and mails them that the password changed.',
        querystring: ZActionTokenQuery,
        body: ZResetPassword,
        response: { 200: dataOf(z.null()), 400: ZApiError, 409: ZApiError, 422: ZApiError },
      },
    },
    async (request) => {
      await resetPassword(deps(), request.query.token, request.body.password);
      // The sessions just ended: drop cached accounts now rather than when notified (rare).
      app.caches.accounts.clear();
      return { data: null };
    },
  );
};
