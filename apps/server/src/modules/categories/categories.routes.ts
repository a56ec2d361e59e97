import { dataOf, ZApiError } from '@lexpath/shared/schemas/api';
import { ZCategoriesQuery, ZCategory, ZCategoryInput } from '@lexpath/shared/schemas/categories';
import { paginatedOf } from '@lexpath/shared/schemas/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, currentUser } from '../../plugins/auth.ts';
import { allow, mayEditCategories } from '../../policy.ts';
import {
  createCategory,
  deleteCategory,
  listCategories,
  renameCategory,
} from './categories.service.ts';

// Any string: a malformed id answers 404 like an unknown one.
const ZCategoryIdParams = z.object({ id: z.string() });

/** /api/category: every signed-in user reads the list; only admins change it (SPEC §6). */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest: who may call is settled before the body is read or validated, so a lawyer
  // gets 403 whatever the body holds, and a visitor's upload is never parsed.
  const adminOnly = [authenticate, allow(mayEditCategories)];

  app.get(
    '/',
    {
      onRequest: [authenticate],
      schema: {
        tags: ['categories'],
        summary: 'Categories in alphabetical order, paged (limit up to 1000)',
        security: [{ bearerAuth: [] }],
        querystring: ZCategoriesQuery,
        response: { 200: dataOf(paginatedOf(ZCategory)), 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) => ({ data: await listCategories(app.db, request.query) }),
  );

  app.post(
    '/',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['categories'],
        summary: 'Create a category (admin)',
        security: [{ bearerAuth: [] }],
        body: ZCategoryInput,
        response: {
          201: dataOf(ZCategory),
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
        .send({ data: await createCategory(app.db, currentUser(request), request.body) }),
  );

  app.put(
    '/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['categories'],
        summary: 'Rename a category (admin)',
        security: [{ bearerAuth: [] }],
        params: ZCategoryIdParams,
        body: ZCategoryInput,
        response: {
          200: dataOf(ZCategory),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
        },
      },
    },
    async (request) => ({
      data: await renameCategory(app.db, currentUser(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['categories'],
        summary: 'Delete a category no template uses (admin)',
        description:
          'A category that any template (deleted ones too) points to is refused with 409.',
        security: [{ bearerAuth: [] }],
        params: ZCategoryIdParams,
        response: {
          200: dataOf(z.object({ id: z.string() })),
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
        },
      },
    },
    async (request) => {
      await deleteCategory(app.db, currentUser(request), request.params.id);
      return { data: { id: request.params.id } };
    },
  );
};
