import { ZUserProfile, ZUserPublic } from '@lexpath/shared';
import { dataOf, ZApiError } from '@lexpath/shared/schemas/api';
import { ZBillingProfile, ZBillingProfileView } from '@lexpath/shared/schemas/billing';
import { paginatedOf } from '@lexpath/shared/schemas/pagination';
import { ZCreateEditor, ZUsersQuery } from '@lexpath/shared/schemas/user-admin';
import { ZUpdateUser } from '@lexpath/shared/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, currentUser } from '../../plugins/auth.ts';
import { allow, mayManageUsers } from '../../policy.ts';
import { getBillingProfile, saveBillingProfile } from '../billing/billing.service.ts';
import { createEditor, listUsers } from './user-admin.service.ts';
import { getUserForViewer, updateUserProfile } from './users.service.ts';

// Any string: a malformed id must answer 404 like an unknown one, not 400.
const ZUserIdParams = z.object({ id: z.string() });

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = [authenticate, allow(mayManageUsers)];

  app.get(
    '/',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Users, newest first, without cancelled accounts (admin)',
        security: [{ bearerAuth: [] }],
        querystring: ZUsersQuery,
        response: {
          200: dataOf(paginatedOf(ZUserPublic)),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
        },
      },
    },
    async (request) => ({ data: await listUsers({ db: app.db }, request.query) }),
  );

  app.post(
    '/',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Create an editor (admin)',
        description:
          'role, email_verified and status in the body are ignored: the account is always a confirmed editor with a verified PEC.',
        security: [{ bearerAuth: [] }],
        body: ZCreateEditor,
        response: {
          201: dataOf(ZUserPublic),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          409: ZApiError,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await createEditor({ db: app.db }, currentUser(request), request.body) }),
  );

  app.get(
    '/:id',
    {
      onRequest: [authenticate],
      schema: {
        tags: ['users'],
        summary: 'A user: your own record, or anyone for an admin',
        security: [{ bearerAuth: [] }],
        params: ZUserIdParams,
        response: { 200: dataOf(ZUserProfile), 401: ZApiError, 404: ZApiError },
      },
    },
    async (request) => ({
      data: await getUserForViewer(
        app.db,
        currentUser(request),
        request.params.id,
        app.config.lexmindUsers,
      ),
    }),
  );

  app.put(
    '/:id',
    {
      onRequest: [authenticate],
      schema: {
        tags: ['users'],
        summary: 'Edit name, surname, newsletter: your own profile, or anyone for an admin',
        security: [{ bearerAuth: [] }],
        params: ZUserIdParams,
        body: ZUpdateUser,
        response: { 200: dataOf(ZUserPublic), 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request) => ({
      data: await updateUserProfile(app.db, currentUser(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/:id/billing',
    {
      onRequest: [authenticate],
      schema: {
        tags: ['users'],
        summary:
          'The billing profile the invoices name (null until given): your own, or anyone for an admin',
        security: [{ bearerAuth: [] }],
        params: ZUserIdParams,
        response: { 200: dataOf(ZBillingProfileView.nullable()), 401: ZApiError, 404: ZApiError },
      },
    },
    async (request) => ({
      data: await getBillingProfile(app.db, currentUser(request), request.params.id),
    }),
  );

  app.put(
    '/:id/billing',
    {
      onRequest: [authenticate],
      schema: {
        tags: ['users'],
        summary: 'Save the whole billing profile: your own, or anyone for an admin',
        security: [{ bearerAuth: [] }],
        params: ZUserIdParams,
        body: ZBillingProfile,
        response: {
          200: dataOf(ZBillingProfileView),
          400: ZApiError,
          401: ZApiError,
          404: ZApiError,
        },
      },
    },
    async (request) => ({
      data: await saveBillingProfile(app.db, currentUser(request), request.params.id, request.body),
    }),
  );
};
