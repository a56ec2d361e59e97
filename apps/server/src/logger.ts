import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import pino, {
  type Bindings,
  type ChildLoggerOptions,
  type DestinationStream,
  type LevelWithSilentOrString,
  type Logger,
  type LoggerOptions,
} from 'pino';
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
  // Every access line passes here: most URLs have no parameter to hide.
  if (!url.includes('=')) return url;
  return url.replace(/([?&](?:token|refresh|password)=)[^&#]*/gi, '$1[Redacted]');
}

/**
 * What an error may keep in the log: where and why it failed, never the data it carried. A
 * PostgreSQL error's `detail` (`Key (pec)=(x@pec.it) already exists`) and `where`, drizzle's
 * `params` (the password hash, the PEC), nodemailer's `rejected` addresses and `response` are
 * left out; SQLSTATE, constraint, table and the SQL text (placeholders only) stay.
 */
const KEPT_ERROR_FIELDS = [
  'code',
  'errno',
  'syscall',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
  'responseCode',
  'command',
  'query',
] as const;

const ARGON2_HASH = /\$argon2(?:id|i|d)\$[^\s"',)\]}]*/g;
const EMAIL_ADDRESS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
/** drizzle's DrizzleQueryError message ends with the parameters of the query. */
const QUERY_PARAMS = /\nparams: [\s\S]*$/;
/** A PostgreSQL data exception (class 22) quotes the value it refused: `…for type uuid: "…"`. */
const QUOTED_VALUE = /"(?:[^"\\]|\\.)*"/g;

/** Personal data and secrets a library may have written into a text, replaced. */
export function scrubLogText(text: string): string {
  return text.replace(ARGON2_HASH, '[Redacted]').replace(EMAIL_ADDRESS, '[email]');
}

type ErrorLike = Error & Record<string, unknown>;

function isErrorLike(value: unknown): value is ErrorLike {
  return (
    typeof value === 'object' && value !== null && typeof (value as Error).message === 'string'
  );
}

function safeMessage(error: ErrorLike): string {
  let message = error.message.replace(QUERY_PARAMS, '');
  if (typeof error.code === 'string' && error.code.startsWith('22')) {
    message = message.replace(QUOTED_VALUE, '"[Redacted]"');
  }
  return scrubLogText(message);
}

/** pino's `err` serializer, keeping only what KEPT_ERROR_FIELDS allows, causes included. */
export function serializeError(value: unknown, depth = 0): unknown {
  if (!isErrorLike(value)) return value;
  const message = safeMessage(value);
  const serialized: Record<string, unknown> = {
    type: value.constructor?.name ?? value.name,
    message,
    stack:
      typeof value.stack === 'string'
        ? scrubLogText(value.stack.replace(value.message, message))
        : undefined,
  };
  for (const field of KEPT_ERROR_FIELDS) {
    const kept = value[field];
    if (typeof kept === 'string') serialized[field] = scrubLogText(kept);
    else if (typeof kept === 'number' || typeof kept === 'boolean') serialized[field] = kept;
  }
  if (depth < 5) {
    if (value.cause !== undefined) serialized.cause = serializeError(value.cause, depth + 1);
    if (Array.isArray(value.errors)) {
      serialized.errors = value.errors.map((item) => serializeError(item, depth + 1));
    }
  }
  return serialized;
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
export function createLogger(
  config: Pick<AppConfig, 'logLevel' | 'isProduction'>,
  /** Where the lines go instead of stdout (tests read them). */
  destination?: DestinationStream,
): Logger {
  const options: LoggerOptions = {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
    serializers: {
      req: serializeRequest as (value: unknown) => unknown,
      err: serializeError,
    },
  };
  if (destination) return pino(options, destination);
  const pretty = !config.isProduction && process.stdout.isTTY === true;
  return pino({
    ...options,
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
      : {}),
  });
}

/** By the app's logger: the same logger without redaction, which writes the access lines. */
const accessLoggers = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

function accessLoggerOf(appLogger: FastifyBaseLogger): FastifyBaseLogger {
  let logger = accessLoggers.get(appLogger);
  if (!logger) {
    logger = appLogger.child({}, { redact: [] });
    accessLoggers.set(appLogger, logger);
  }
  return logger;
}

/**
 * One access line per request, written when it is answered: the request, the status and the
 * time (Fastify's default writes two, `incoming request` and `request completed`). Its fields
 * are all built here and by `serializeRequest` (method, URL with `redactUrl`, host, address:
 * no header, no body), so it skips pino's redaction, which cloned and walked each key of each
 * line against every path and cost more than the rest of the line (issue 13: the two lines
 * were a fifth of a questionnaire step's CPU). Errors are logged as Fastify does, redacted.
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
      return;
    }
    accessLoggerOf(request.server.log).info(
      {
        [this.requestIdLogLabel]: request.id,
        req: request,
        res: reply,
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  }
}

type LogMethod = (...args: unknown[]) => void;

/**
 * The logger Fastify gives each request (`request.log`, bound to its id), made on its first use.
 * pino builds a child's bindings through the redacting stringifier, and most requests never log
 * through theirs: the access line has its own logger. Once made, the child is pino's own, so a
 * request's error lines are as before.
 */
export class LazyRequestLogger implements FastifyBaseLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get #logger(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  get level(): LevelWithSilentOrString {
    return this.#logger.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.#logger.level = level;
  }

  fatal(...args: unknown[]): void {
    (this.#logger.fatal as LogMethod)(...args);
  }

  error(...args: unknown[]): void {
    (this.#logger.error as LogMethod)(...args);
  }

  warn(...args: unknown[]): void {
    (this.#logger.warn as LogMethod)(...args);
  }

  info(...args: unknown[]): void {
    (this.#logger.info as LogMethod)(...args);
  }

  debug(...args: unknown[]): void {
    (this.#logger.debug as LogMethod)(...args);
  }

  trace(...args: unknown[]): void {
    (this.#logger.trace as LogMethod)(...args);
  }

  silent(...args: unknown[]): void {
    (this.#logger.silent as LogMethod)(...args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger.child(bindings, options);
  }
}
