import { it } from '@lexpath/shared';
import { dataOf, ZApiError } from '@lexpath/shared/schemas/api';
import {
  type TClientInputError,
  type TClientInputParsed,
  ZClient,
  ZClientExport,
  ZClientInput,
  ZClientInputError,
  ZClientsQuery,
} from '@lexpath/shared/schemas/clients';
import { paginatedOf } from '@lexpath/shared/schemas/pagination';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, currentUser } from '../../plugins/auth.ts';
import { errorBody } from '../../plugins/errors.ts';
import { allow, mayUseUserArea } from '../../policy.ts';
import { attachmentDisposition } from '../files/content-disposition.ts';
import {
  createClient,
  deleteClient,
  exportClient,
  getClient,
  listClients,
  updateClient,
} from './clients.service.ts';

// Any string: a malformed id answers 404 like an unknown one.
const ZClientIdParams = z.object({ id: z.string() });

/**
 * A refused client's answer: 422 with each message under its field (`dati.cap`). The body was
 * read as JSON; only its values are wrong, so this is a business refusal, not a malformed call.
 */
function refuseInput(reply: FastifyReply, error: Error) {
  const fields: Record<string, string> = {};
  const messages: string[] = [];
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const message = issue.message || it.errors.badRequest;
      if (path && !(path in fields)) fields[path] = message;
      if (!messages.includes(message)) messages.push(message);
    }
  }
  if (messages.length === 0) messages.push(it.errors.badRequest);
  const body: TClientInputError = {
    ...errorBody(422, messages.length === 1 ? (messages[0] as string) : messages),
    fields,
  };
  return reply.status(422).send(body);
}

/** The checked input, or undefined once the 422 is sent. */
function checkedInput(request: FastifyRequest, reply: FastifyReply) {
  if (request.validationError) {
    refuseInput(reply, request.validationError);
    return undefined;
  }
  return request.body as TClientInputParsed;
}

/**
 * /api/client: a lawyer's own client register (DESIGN §15). Lawyers only; another lawyer's
 * client answers 404, as an unknown one.
 */
export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest: who may call is settled before the body is read or validated.
  const lawyersOnly = [authenticate, allow(mayUseUserArea)];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/',
    {
      onRequest: lawyersOnly,
      schema: {
        tags: ['clients'],
        summary: 'Your clients by name, paged; q searches name, denominazione, codice fiscale',
        security,
        querystring: ZClientsQuery,
        response: {
          200: dataOf(paginatedOf(ZClient)),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
        },
      },
    },
    async (request) => ({ data: await listClients(app.db, currentUser(request), request.query) }),
  );

  app.post(
    '/',
    {
      onRequest: lawyersOnly,
      attachValidation: true,
      schema: {
        tags: ['clients'],
        summary: 'Add a client (a persona fisica, or a persona giuridica with its representative)',
        description:
          'Every field is checked as the same answer type is (codice fiscale, CAP, provincia…); a refused input answers 422 with each message under its field in `fields`.',
        security,
        body: ZClientInput,
        response: {
          201: dataOf(ZClient),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          422: ZClientInputError,
        },
      },
    },
    async (request, reply) => {
      const input = checkedInput(request, reply);
      if (!input) return reply;
      return reply
        .status(201)
        .send({ data: await createClient(app.db, currentUser(request), input) });
    },
  );

  app.get(
    '/:id',
    {
      onRequest: lawyersOnly,
      schema: {
        tags: ['clients'],
        summary: 'One of your clients',
        security,
        params: ZClientIdParams,
        response: { 200: dataOf(ZClient), 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request) => ({
      data: await getClient(app.db, currentUser(request), request.params.id),
    }),
  );

  app.put(
    '/:id',
    {
      onRequest: lawyersOnly,
      attachValidation: true,
      schema: {
        tags: ['clients'],
        summary: 'Replace one of your clients’ data (a field left out is removed)',
        security,
        params: ZClientIdParams,
        body: ZClientInput,
        response: {
          200: dataOf(ZClient),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          422: ZClientInputError,
        },
      },
    },
    async (request, reply) => {
      const input = checkedInput(request, reply);
      if (!input) return reply;
      return {
        data: await updateClient(app.db, currentUser(request), request.params.id, input),
      };
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: lawyersOnly,
      schema: {
        tags: ['clients'],
        summary: 'Erase one of your clients (bought documents keep their own answers)',
        security,
        params: ZClientIdParams,
        response: {
          200: dataOf(z.object({ id: z.string() })),
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
        },
      },
    },
    async (request) => {
      await deleteClient(app.db, currentUser(request), request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  app.get(
    '/:id/export',
    {
      onRequest: lawyersOnly,
      schema: {
        tags: ['clients'],
        summary: 'One of your clients’ data as a JSON download (audited)',
        security,
        params: ZClientIdParams,
        response: { 200: ZClientExport, 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      const { fileName, body } = await exportClient(
        app.db,
        currentUser(request),
        request.params.id,
      );
      return reply
        .header('content-disposition', attachmentDisposition(fileName))
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
};
