import { AppError } from '../errors/app-error.js';
import { CommonErrorCodes } from '../errors/error-codes.js';
import { OAuthError } from '../errors/oauth-error.js';
import { isDatabaseUnavailable } from './database-unavailable.js';
import { errorBody } from './envelope.js';
import { expectedFailure } from './error-status.js';

export interface MappedHttpError {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  /** Only unexpected failures are logged as errors, with their stack. */
  unexpected: boolean;
  /** Set when the database could not be reached: logged once per outage, not per request. */
  databaseUnavailable?: boolean;
}

interface HttpExceptionLike {
  getStatus(): number;
  getResponse(): unknown;
  message: string;
}

interface BodyParserError {
  type: string;
  status?: number;
  statusCode?: number;
  message: string;
}

const STATUS_CODES: Record<number, string> = {
  400: 'REQUEST.BAD_REQUEST',
  401: 'AUTH.UNAUTHORIZED',
  403: 'AUTH.FORBIDDEN',
  404: CommonErrorCodes.ROUTE_NOT_FOUND,
  405: 'REQUEST.METHOD_NOT_ALLOWED',
  413: CommonErrorCodes.BODY_TOO_LARGE,
  415: CommonErrorCodes.UNSUPPORTED_MEDIA_TYPE,
  429: CommonErrorCodes.RATE_LIMITED,
  503: CommonErrorCodes.UNAVAILABLE,
};

function isHttpException(error: unknown): error is HttpExceptionLike {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as HttpExceptionLike).getStatus === 'function' &&
    typeof (error as HttpExceptionLike).getResponse === 'function'
  );
}

function isBodyParserError(error: unknown): error is BodyParserError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as BodyParserError).type === 'string' &&
    typeof ((error as BodyParserError).status ?? (error as BodyParserError).statusCode) === 'number'
  );
}

function mapBodyParserError(error: BodyParserError): MappedHttpError {
  const status = error.status ?? error.statusCode ?? 400;
  switch (error.type) {
    case 'entity.too.large':
      return known(
        413,
        CommonErrorCodes.BODY_TOO_LARGE,
        'Request body exceeds the configured size limit',
      );
    case 'entity.parse.failed':
      return known(400, CommonErrorCodes.MALFORMED_BODY, 'Request body is not valid JSON');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return known(415, CommonErrorCodes.UNSUPPORTED_MEDIA_TYPE, error.message);
    default:
      return known(
        status >= 400 && status < 500 ? status : 400,
        CommonErrorCodes.MALFORMED_BODY,
        'Request body could not be read',
      );
  }
}

function known(
  status: number,
  code: string,
  message: string,
  details?: unknown,
  headers: Record<string, string> = {},
): MappedHttpError {
  return { status, body: errorBody(code, message, details), headers, unexpected: false };
}

function messageOf(response: unknown, fallback: string): string {
  if (typeof response === 'string') return response;
  if (typeof response === 'object' && response !== null) {
    const message = (response as { message?: unknown }).message;
    if (typeof message === 'string') return message;
    if (Array.isArray(message)) return message.join('; ');
  }
  return fallback;
}

/** Maps anything thrown while serving a request to a status, a body and headers. Never leaks internals. */
export function mapHttpError(error: unknown): MappedHttpError {
  const expected = expectedFailure(error);
  if (expected) {
    return known(
      expected.status,
      expected.code,
      expected.message,
      expected.details,
      expected.headers,
    );
  }
  if (error instanceof OAuthError) {
    return {
      status: error.status,
      body: error.toBody(),
      headers: error.headers,
      unexpected: false,
    };
  }
  if (isHttpException(error)) {
    const status = error.getStatus();
    if (status >= 500) {
      return {
        ...known(
          status,
          STATUS_CODES[status] ?? CommonErrorCodes.INTERNAL,
          'Internal server error',
        ),
        unexpected: true,
      };
    }
    const code = STATUS_CODES[status] ?? 'REQUEST.REJECTED';
    const message =
      status === 429
        ? 'Too many requests; retry later'
        : messageOf(error.getResponse(), error.message);
    return known(status, code, message);
  }
  if (isBodyParserError(error)) {
    return mapBodyParserError(error);
  }
  if (isDatabaseUnavailable(error)) {
    const unavailable = AppError.unavailable('The database is unavailable; retry later');
    return {
      ...known(503, unavailable.code, unavailable.message, undefined, unavailable.headers),
      databaseUnavailable: true,
    };
  }
  return { ...known(500, CommonErrorCodes.INTERNAL, 'Internal server error'), unexpected: true };
}
