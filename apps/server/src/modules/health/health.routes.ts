import { dataOf, ZApiError, ZHealth } from '@lexpath/shared/schemas/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkHealth } from './health.service.ts';

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
