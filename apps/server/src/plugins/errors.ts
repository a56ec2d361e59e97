import { STATUS_CODES } from 'node:http';
import { it } from '@lexpath/shared';
import type { TApiError } from '@lexpath/shared/schemas/api';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, type ErrorCode } from '../lib/app-error.ts';
import { isDatabaseUnavailable } from '../lib/pg-errors.ts';

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
  } else if (statusCode >= 500) {
    request.log.error({ err: error }, 'request failed');
  }
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
