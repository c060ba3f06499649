import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  AppError,
  CommonErrorCodes,
  errorBody,
  findJsonProblem,
  jsonProblemError,
  mapHttpError,
} from '@app/shared';
import { bodyPassedPolicy, JSON_BODY_TYPES } from './json-body-parser.js';

/** The media types the body parsers read; anything else with a body is answered 415. */
export const ACCEPTED_BODY_TYPES = [...JSON_BODY_TYPES, 'application/x-www-form-urlencoded'];
/** Raw binary bodies (POST /transcribe's audio, implementation guide packages), read as bytes. */
export const RAW_BODY_TYPES = [
  'application/octet-stream',
  'application/gzip',
  'audio/*',
  'video/webm',
];
/** Content-Encoding values the body parsers decode. */
export const ACCEPTED_ENCODINGS = new Set(['identity', 'gzip', 'deflate']);

function answer(response: Response, error: AppError): void {
  const mapped = mapHttpError(error);
  response.status(mapped.status).json(mapped.body);
}

function hasBody(request: Request): boolean {
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
  );
}

/** Before the body parsers: 415 for a body of a type or encoding the service does not read. */
export function mediaTypeGuard(): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const encoding = (request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    if (!ACCEPTED_ENCODINGS.has(encoding)) {
      return answer(
        response,
        new AppError(
          415,
          CommonErrorCodes.UNSUPPORTED_MEDIA_TYPE,
          `Content-Encoding "${encoding.slice(0, 40)}" is not supported; send identity, gzip or deflate`,
        ),
      );
    }
    if (hasBody(request) && !request.is([...ACCEPTED_BODY_TYPES, ...RAW_BODY_TYPES])) {
      const type = (request.headers['content-type'] ?? '').slice(0, 80);
      return answer(
        response,
        new AppError(
          415,
          CommonErrorCodes.UNSUPPORTED_MEDIA_TYPE,
          type === ''
            ? 'The request has a body but no Content-Type; send application/json'
            : `Content-Type "${type}" is not supported; send application/json`,
        ),
      );
    }
    next();
  };
}

/**
 * After the body parsers, before routing: the JSON input policy (depth, unstorable
 * characters, `__proto__` keys) on the body and the query, and no NUL in the path.
 */
export function parsedInputGuard(maxDepth: number): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    if (/%00/i.test(request.path)) {
      return answer(
        response,
        AppError.badRequest(
          CommonErrorCodes.UNSTORABLE_CHARACTER,
          'The request path contains U+0000, which cannot be stored; remove it',
        ),
      );
    }
    // A raw body (audio bytes) is not JSON: nothing to check in it. A large JSON body was
    // checked while it was parsed in slices.
    const bodyProblem =
      Buffer.isBuffer(request.body) || bodyPassedPolicy(request)
        ? undefined
        : findJsonProblem(request.body, maxDepth);
    if (bodyProblem) return answer(response, jsonProblemError(bodyProblem));
    const queryProblem = findJsonProblem(request.query, maxDepth);
    if (queryProblem) return answer(response, jsonProblemError(queryProblem, 'Query'));
    next();
  };
}

/** A decoding failure (a body that is not the gzip its Content-Encoding claims) as a 400. */
export function undecodableBody(encoding: string): ReturnType<typeof errorBody> {
  return errorBody(
    CommonErrorCodes.UNDECODABLE_BODY,
    `Request body could not be decoded as Content-Encoding ${encoding.slice(0, 40)}`,
  );
}
