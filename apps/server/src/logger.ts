import type { FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';
import type { AppConfig } from './config.ts';

/** Secrets never reach the logs, whichever object carries them. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.refresh',
  'req.headers.cookie',
  'res.headers.authorization',
  'res.headers.refresh',
  'res.headers["set-cookie"]',
  'password',
  'passwordHash',
  'token',
  'refreshToken',
  'accessToken',
  '*.password',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.refreshToken',
  '*.accessToken',
];

/** Verify-e-mail and reset-password links carry their token in the query string. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|refresh|password)=)[^&#]*/gi, '$1[Redacted]');
}

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * The process logger, shared by the startup code and Fastify. JSON lines in production and
 * whenever stdout is not a terminal (log collectors, tests); pino-pretty when a developer
 * watches a terminal.
 */
export function createLogger(config: Pick<AppConfig, 'logLevel' | 'isProduction'>): Logger {
  const pretty = !config.isProduction && process.stdout.isTTY === true;
  return pino({
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
    serializers: { req: serializeRequest as (value: unknown) => unknown },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
      : {}),
  });
}
