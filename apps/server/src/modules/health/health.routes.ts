import { dataOf, ZApiError, ZHealth } from '@lexpath/shared/schemas/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ChangeFeed } from '../../db/change-feed.ts';
import { checkHealth, checkReadiness } from './health.service.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: dataOf(ZHealth), 503: ZApiError },
      },
    },
    async () => ({ data: await checkHealth(app.db) }),
  );
};

export const readinessRoutes: FastifyPluginAsyncZod<{ changeFeed?: ChangeFeed }> = async (
  app,
  { changeFeed },
) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['system'],
        summary:
          'Readiness: PostgreSQL answers, its migrations are current and the change feed listens (503 with Retry-After otherwise)',
        response: { 200: dataOf(ZHealth), 503: ZApiError },
      },
    },
    async () => ({ data: await checkReadiness(app.db, changeFeed) }),
  );
};
