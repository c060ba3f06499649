import { CommonErrorCodes } from './error-codes.js';

/** What a 503 tells the client to wait before retrying: about one reconnection cycle. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The one error type of the service. Domain and application code throw it; the
 * exception filter turns it into `{ success: false, message, error: { code, details } }`.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(code: string, message: string, details?: unknown): AppError {
    return new AppError(400, code, message, details);
  }

  static unauthorized(
    code: string,
    message: string,
    headers: Record<string, string> = {},
  ): AppError {
    return new AppError(401, code, message, undefined, headers);
  }

  static forbidden(code: string, message: string, details?: unknown): AppError {
    return new AppError(403, code, message, details);
  }

  static notFound(code: string, message: string): AppError {
    return new AppError(404, code, message);
  }

  /** A dependency (database, queue) is down: the client may retry after `retryAfterSeconds`. */
  static unavailable(message: string, retryAfterSeconds = RETRY_AFTER_SECONDS): AppError {
    return new AppError(503, CommonErrorCodes.UNAVAILABLE, message, undefined, {
      'Retry-After': String(retryAfterSeconds),
    });
  }

  static conflict(code: string, message: string, details?: unknown): AppError {
    return new AppError(409, code, message, details);
  }
}
