import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { it } from '@lexpath/shared';
import type { TApiError } from '@lexpath/shared/schemas/api';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, type ErrorCode } from '../lib/app-error.ts';
import { isDatabaseUnavailable, isPgError } from '../lib/pg-errors.ts';
import { securityHeadersFor } from './security.ts';

/** PostgreSQL refusing a NUL byte in text (22021) or a `\u0000` escape in jsonb (22P05). */
const PG_CHARACTER_NOT_IN_REPERTOIRE = '22021';
const PG_UNTRANSLATABLE_CHARACTER = '22P05';

/** DESIGN §3: the status each domain error code answers with. */
const STATUS_OF_CODE: Record<ErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  paymentRequired: 402,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedMediaType: 415,
  unprocessable: 422,
  rateLimited: 429,
  unavailable: 503,
};

export function statusOfCode(code: ErrorCode): number {
  return STATUS_OF_CODE[code];
}

export function errorBody(statusCode: number, message: string | string[]): TApiError {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/**
 * Seconds a client should wait before trying again after a 503 that names no time of its own:
 * a restarting PostgreSQL accepts connections again within a few seconds.
 */
export const DEFAULT_RETRY_AFTER_SECONDS = 2;

/** What a user reads for a status when nothing more precise is known. */
function messageForStatus(statusCode: number): string {
  switch (statusCode) {
    case 401:
      return it.auth.unauthenticated;
    case 403:
      return it.auth.forbidden;
    case 404:
      return it.errors.notFound;
    case 413:
      return it.errors.payloadTooLarge;
    case 415:
      return it.errors.unsupportedMediaType;
    case 429:
      return it.errors.tooManyRequests;
    case 503:
      return it.errors.databaseUnavailable;
    default:
      return statusCode >= 500 ? it.errors.internal : it.errors.badRequest;
  }
}

function validationMessages(error: FastifyError): string | string[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return it.errors.badRequest;
  // A missing or non-object body has one issue at the root: no field message to show.
  const messages = [
    ...new Set(
      error.validation.map((issue) =>
        issue.instancePath === '/' || !issue.message ? it.errors.badRequest : issue.message,
      ),
    ),
  ];
  return messages.length === 1 ? (messages[0] as string) : messages;
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  let statusCode: number;
  let message: string | string[];

  if (error instanceof AppError) {
    statusCode = STATUS_OF_CODE[error.code];
    message = error.userMessage;
  } else if (error.validation) {
    statusCode = 400;
    message = validationMessages(error);
  } else if (
    isPgError(error, PG_CHARACTER_NOT_IN_REPERTOIRE) ||
    isPgError(error, PG_UNTRANSLATABLE_CHARACTER)
  ) {
    // Text the database cannot store that the text guard could not see (a multipart field).
    statusCode = 400;
    message = it.errors.badRequest;
  } else if (isDatabaseUnavailable(error)) {
    statusCode = 503;
    message = it.errors.databaseUnavailable;
  } else {
    const fromError = error.statusCode ?? 500;
    statusCode = fromError >= 400 && fromError < 600 ? fromError : 500;
    // Never echo a library's or the database's text: it may reveal internals.
    message = messageForStatus(statusCode);
  }

  if (error instanceof AppError && 'logLevel' in error && error.logLevel === 'warn') {
    // Load the server refuses on purpose (a full PDF queue), not a fault: no stack, no error.
    request.log.warn({ code: error.code, statusCode }, error.message);
  } else if (
    statusCode >= 500 ||
    (error instanceof AppError && 'logLevel' in error && error.logLevel === 'error')
  ) {
    // A 4xx with logLevel 'error': the caller can act on it, but an admin must see it too.
    request.log.error({ err: error }, 'request failed');
  }
  // A refusal that names its own wait (a busy PDF queue, a locked login) says it; every other
  // 503 (a database restarting) says the default, so no client has to guess.
  const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
  else if (statusCode === 503) reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
  reply.status(statusCode).send(errorBody(statusCode, message));
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (`/api/contract/%ZZ`) or a path
 * parameter over the router's limit. No hook has run, so the security headers are set here.
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const statusCode = error.statusCode === 414 ? 414 : 400;
  reply
    .headers(securityHeadersFor(request.url))
    .status(statusCode)
    .send(errorBody(statusCode, it.errors.badRequest));
}

/**
 * Node's `clientError`: a request that did not arrive whole in time (408), headers over the
 * size limit (431), bytes that are not HTTP (400). Node reports these on the socket, outside
 * any route, so the answer is written there: the error format, with the API headers.
 */
export function handleClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const statusCode =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 408
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : 400;
  if (socket.writable) {
    const body = JSON.stringify(
      errorBody(statusCode, statusCode === 408 ? it.errors.requestTimeout : it.errors.badRequest),
    );
    const headers = {
      ...securityHeadersFor(undefined),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n${head.join('')}\r\n${body}`,
    );
  }
  socket.destroy();
}

/** A missing zod message should still read as Italian: "required" for absent fields. */
function configureItalianZodMessages(): void {
  z.config(z.locales.it());
  z.config({
    customError: (issue) =>
      issue.code === 'invalid_type' && issue.input === undefined
        ? it.validation.required
        : undefined,
  });
}

/** One error handler for the whole app: `{ statusCode, error, message }` (DESIGN §3). */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    configureItalianZodMessages();
    app.setErrorHandler(handleError);
  },
  { name: 'errors' },
);
