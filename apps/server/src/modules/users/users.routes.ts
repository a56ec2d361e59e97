import { ZUserPublic } from '@lexpath/shared';
import { dataOf, ZApiError } from '@lexpath/shared/schemas/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, currentUser } from '../../plugins/auth.ts';
import { getUserForViewer } from './users.service.ts';

// Any string: a malformed id must answer 404 like an unknown one, not 400.
const ZUserIdParams = z.object({ id: z.string() });

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    {
      preHandler: [authenticate],
      schema: {
        tags: ['users'],
        summary: 'A user: your own record, or anyone for an admin',
        security: [{ bearerAuth: [] }],
        params: ZUserIdParams,
        response: { 200: dataOf(ZUserPublic), 401: ZApiError, 404: ZApiError },
      },
    },
    async (request) => ({
      data: await getUserForViewer(app.db, currentUser(request), request.params.id),
    }),
  );
};
