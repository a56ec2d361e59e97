import { STATUS_CODES } from 'node:http';
import { it } from '@lexpath/shared';
import type { TApiError } from '@lexpath/shared/schemas/api';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The one error type of the server: services throw it with the status and the Italian text the
 * user reads (a string, or a list for several problems, e.g. template lint errors).
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly userMessage: string | string[];

  constructor(
    readonly statusCode: number,
    message: string | string[],
    options?: ErrorOptions,
  ) {
    super(Array.isArray(message) ? message.join('\n') : message, options);
    this.userMessage = message;
  }
}

export function errorBody(statusCode: number, message: string | string[]): TApiError {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

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

/** pg error codes and driver failures that mean "the database is not reachable right now". */
const DATABASE_UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  // drizzle wraps driver errors; look down the cause chain.
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && DATABASE_UNAVAILABLE_CODES.has(code)) return true;
    if (
      typeof message === 'string' &&
      /timeout exceeded when trying to connect|Connection terminated/i.test(message)
    ) {
      return true;
    }
    current = cause;
  }
  return false;
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
    statusCode = error.statusCode;
    message = error.userMessage;
  } else if (error.validation) {
    statusCode = 400;
    message = validationMessages(error);
  } else if (isDatabaseUnavailable(error)) {
    statusCode = 503;
    message = it.errors.databaseUnavailable;
  } else {
    const fromError = error.statusCode ?? 500;
    statusCode = fromError >= 400 && fromError < 600 ? fromError : 500;
    // Never echo a library's or the database's text: it may reveal internals.
    message = messageForStatus(statusCode);
  }

  if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
  reply.status(statusCode).send(errorBody(statusCode, message));
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
