/** PostgreSQL's SQLSTATE codes the services react to. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';

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

type ErrorDetails = { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };

/** drizzle wraps driver errors: walks the cause chain (a few levels) for a matching error. */
function someInCauseChain(error: unknown, test: (details: ErrorDetails) => boolean): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const details = current as ErrorDetails;
    if (test(details)) return true;
    current = details.cause;
  }
  return false;
}

/** A PostgreSQL error by SQLSTATE (and constraint) anywhere in the cause chain drizzle builds. */
export function isPgError(error: unknown, code: string, constraint?: string): boolean {
  return someInCauseChain(
    error,
    (details) => details.code === code && (!constraint || details.constraint === constraint),
  );
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return someInCauseChain(
    error,
    ({ code, message }) =>
      (typeof code === 'string' && DATABASE_UNAVAILABLE_CODES.has(code)) ||
      (typeof message === 'string' &&
        /timeout exceeded when trying to connect|Connection terminated|is not queryable/i.test(
          message,
        )),
  );
}
