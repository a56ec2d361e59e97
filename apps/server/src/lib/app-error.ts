/** What went wrong, in the domain's words; the error plugin maps each code to its HTTP status. */
export type ErrorCode =
  | 'invalid'
  | 'unauthenticated'
  | 'paymentRequired'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'tooLarge'
  | 'unsupportedMediaType'
  | 'unprocessable'
  | 'rateLimited'
  | 'unavailable';

/**
 * The one error type of the server: services throw it with a domain code and the Italian text
 * the user reads (a string, or a list for several problems, e.g. template lint errors).
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly userMessage: string | string[];

  constructor(
    readonly code: ErrorCode,
    message: string | string[],
    options?: ErrorOptions,
  ) {
    super(Array.isArray(message) ? message.join('\n') : message, options);
    this.userMessage = message;
  }
}
