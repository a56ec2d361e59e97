import { timingSafeEqual } from 'node:crypto';
import { it } from '@lexpath/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PdfPool } from '../../documents/pdf-pool.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Metrics } from './metrics.ts';

/** A request straight from this machine: loopback, and not relayed by a proxy on it. */
function fromLoopback(remoteAddress: string | undefined, headers: Record<string, unknown>) {
  if (headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined) return false;
  return remoteAddress === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(remoteAddress ?? '');
}

function sameToken(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus text for the operator's scraper. From elsewhere than loopback: with METRICS_TOKEN
 * set, a wrong or missing bearer token is 401 (the scraper's owner learns what is missing);
 * without one the route does not exist for the outside (404), so a forgotten proxy rule does not
 * publish it.
 */
export const metricsRoutes: FastifyPluginAsyncZod<{ metrics: Metrics; pdfPool: PdfPool }> = async (
  app,
  { metrics, pdfPool },
) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['system'],
        summary:
          'Prometheus metrics (text format): loopback, or Authorization: Bearer METRICS_TOKEN',
        security: [{ bearerAuth: [] }],
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      if (!fromLoopback(request.socket.remoteAddress, request.headers)) {
        const token = app.config.metricsToken;
        if (!token) throw new AppError('notFound', it.errors.routeNotFound);
        const sent = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (!sameToken(sent, token)) {
          reply.header('www-authenticate', 'Bearer realm="metrics"');
          throw new AppError('unauthenticated', it.operations.metricsTokenRequired);
        }
      }
      const text = await metrics.scrape({ db: app.db, pdfPoolStatus: () => pdfPool.status() });
      reply.header('content-type', metrics.registry.contentType);
      reply.header('cache-control', 'no-store');
      return text;
    },
  );
};
