import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { mapHttpError } from '@app/shared';
import { RAW_BODY_TYPES, undecodableBody } from './input-policy.js';
import { jsonBodyParser } from './json-body-parser.js';

/** zlib's error on a body that is not what its Content-Encoding says: body-parser gives it no type. */
function isDecodingFailure(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { type?: unknown }).type === undefined &&
    typeof (error as { code?: unknown }).code === 'string' &&
    (error as { code: string }).code.startsWith('Z_')
  );
}

/**
 * Body parsers run before Nest's routing, so their errors (too large, malformed JSON)
 * never reach the exception filter. This wrapper answers them with the same mapper.
 */
function answeringErrors(parser: RequestHandler): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    void parser(request, response, (error?: unknown) => {
      if (error === undefined || error === null) return next();
      // The rest of a refused body (too large once inflated, undecodable) is read and
      // dropped: left unread, it makes the socket reset before the client reads the answer.
      if (!request.complete) {
        request.unpipe();
        request.resume();
      }
      if (isDecodingFailure(error)) {
        response
          .status(400)
          .json(undecodableBody(String(request.headers['content-encoding'] ?? 'identity')));
        return;
      }
      const mapped = mapHttpError(error);
      for (const [name, value] of Object.entries(mapped.headers)) response.setHeader(name, value);
      response.status(mapped.status).json(mapped.body);
    });
  };
}

export function bodyParsers(limitBytes: number, maxJsonDepth: number): RequestHandler[] {
  return [
    answeringErrors(jsonBodyParser(limitBytes, maxJsonDepth)),
    answeringErrors(express.urlencoded({ limit: limitBytes, extended: false })),
    // Audio, a package.tgz and other bytes arrive as a Buffer; each route checks them under its own caps.
    answeringErrors(express.raw({ limit: limitBytes, type: RAW_BODY_TYPES })),
  ];
}
