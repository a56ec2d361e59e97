import { AUTH_HEADERS, it, ZLogin, ZSessionUser } from '@lexpath/shared';
import { dataOf, ZApiError } from '@lexpath/shared/schemas/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { login, logout, rotateRefreshToken, type Session } from './auth.service.ts';
import { isKnownDevice, knownDeviceCookie } from './known-device.ts';

/** Requests allowed per key (see each route) within a window. */
export type RateLimit = { max: number; timeWindowMs: number };

export type AuthRoutesOptions = { loginRateLimit: RateLimit };

/** The refresh token travels in the `Refresh` header (SPEC §7), never in a cookie or body. */
function readRefreshHeader(request: FastifyRequest): string | undefined {
  const value = request.headers[AUTH_HEADERS.refresh];
  const token = Array.isArray(value) ? value[0] : value;
  return token?.trim() || undefined;
}

function sendSession(reply: FastifyReply, session: Session) {
  return reply
    .header(AUTH_HEADERS.access, `Bearer ${session.accessToken}`)
    .header(AUTH_HEADERS.refresh, session.refreshToken)
    .header('access-control-expose-headers', `${AUTH_HEADERS.access}, ${AUTH_HEADERS.refresh}`)
    .header('cache-control', 'no-store')
    .send({ data: session.user });
}

const ZRefreshHeaders = z.object({
  refresh: z.string().optional().describe('The refresh token received at login'),
});

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const deps = () => ({
    db: app.db,
    jwtSecret: app.config.jwtSecret,
    mail: app.config,
    lexmindUsers: app.config.lexmindUsers,
    sessions: app.caches.sessions,
  });
  // Secure where the app is served over https; plain http (development, e2e) would drop it.
  const secureCookies = app.config.appUrl.startsWith('https:');

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with PEC and password',
        description:
          'Attempts are limited per address and PEC, and failures per PEC from any address ' +
          '(429 with Retry-After). A browser that signed in to the PEC before (the HttpOnly ' +
          'cookie this answer sets) is exempt from the per-PEC limit.',
        body: ZLogin,
        response: { 200: dataOf(ZSessionUser), 401: ZApiError, 403: ZApiError, 429: ZApiError },
      },
      config: {
        rateLimit: {
          max: options.loginRateLimit.max,
          timeWindow: options.loginRateLimit.timeWindowMs,
          // After validation, so the key holds the normalised (lowercased) PEC.
          hook: 'preHandler',
          keyGenerator: (request) => `${request.ip}|${(request.body as { pec?: string }).pec}`,
          errorResponseBuilder: () => new AppError('rateLimited', it.auth.tooManyAttempts),
        },
      },
    },
    async (request, reply) => {
      const { jwtSecret } = app.config;
      const { pec } = request.body;
      const cookies = request.headers.cookie;
      // A locked PEC's 429 carries its Retry-After (the error handler reads retryAfterSeconds).
      const session = await login(deps(), request.body, {
        knownDevice: isKnownDevice(cookies, jwtSecret, pec),
      });
      reply.header(
        'set-cookie',
        knownDeviceCookie(cookies, { secret: jwtSecret, pec, secure: secureCookies }),
      );
      return sendSession(reply, session);
    },
  );

  app.post(
    '/refresh-tokens',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange the refresh token for a new pair (rotation)',
        headers: ZRefreshHeaders,
        response: { 200: dataOf(ZSessionUser), 401: ZApiError },
      },
    },
    async (request, reply) =>
      sendSession(reply, await rotateRefreshToken(deps(), readRefreshHeader(request))),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: "Revoke the refresh token's session",
        headers: ZRefreshHeaders,
        response: { 200: dataOf(z.null()) },
      },
    },
    async (request) => {
      await logout(deps(), readRefreshHeader(request));
      return { data: null };
    },
  );
};
