import { AppError } from '../errors/app-error.js';
import { DomainError, type DomainErrorKind } from '../errors/domain-error.js';
import { CommonErrorCodes } from '../errors/error-codes.js';

/** The one table from what went wrong to the HTTP status that says it. */
export const ERROR_STATUS: Readonly<Record<DomainErrorKind, number>> = {
  invalid: 400,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  unprocessable: 422,
  // Not a standard status: the nginx convention for "client closed the request".
  abandoned: 499,
  'timed-out': 504,
  gone: 410,
  'precondition-failed': 412,
  'rate-limited': 429,
  'upstream-failed': 502,
};

/** An anticipated failure as the HTTP edge answers it. */
export interface ExpectedFailure {
  status: number;
  code: string;
  message: string;
  details?: unknown;
  headers: Record<string, string>;
}

/** The status, code, message and details of an anticipated failure; undefined for anything else. */
export function expectedFailure(error: unknown): ExpectedFailure | undefined {
  if (error instanceof DomainError)
    return {
      status: ERROR_STATUS[error.kind],
      code: error.code,
      message: error.message,
      details: error.details,
      headers: error.retryAfter === undefined ? {} : { 'Retry-After': error.retryAfter },
    };
  if (error instanceof AppError)
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      details: error.details,
      headers: error.headers,
    };
  return undefined;
}

/** A failure as a report lists it; anything unexpected becomes INTERNAL_ERROR with `internalMessage`. */
export function summarizeFailure(
  error: unknown,
  internalMessage: string,
): { code: string; message: string; status: number; details?: unknown } {
  const failure = expectedFailure(error);
  if (!failure) return { code: CommonErrorCodes.INTERNAL, message: internalMessage, status: 500 };
  return {
    code: failure.code,
    message: failure.message,
    status: failure.status,
    ...(failure.details === undefined ? {} : { details: failure.details }),
  };
}
