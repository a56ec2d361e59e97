import { dataOf, ZApiError } from '@lexpath/shared/schemas/api';
import { ZChangeUserStatus, ZUserStatusChanged } from '@lexpath/shared/schemas/user-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, currentUser } from '../../plugins/auth.ts';
import { allow, mayManageUsers } from '../../policy.ts';
import { changeUserStatus } from './user-admin.service.ts';

/**
 * POST /auth/change-user-status: SPEC §7 puts it under /auth, but it is user administration,
 * so it lives with the users module and is registered under the /api/auth prefix.
 */
export const userStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/change-user-status',
    {
      onRequest: [authenticate, allow(mayManageUsers)],
      schema: {
        tags: ['users'],
        summary: 'Accept, refuse, suspend or reactivate an account (admin)',
        security: [{ bearerAuth: [] }],
        body: ZChangeUserStatus,
        response: {
          200: dataOf(ZUserStatusChanged),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
        },
      },
    },
    async (request) => {
      const changed = await changeUserStatus(
        { db: app.db, mail: app.config },
        currentUser(request),
        request.body,
      );
      // Committed: this instance stops trusting the old status now, not when notified.
      app.caches.accounts.forget(request.body.userId);
      return { data: changed };
    },
  );
};
