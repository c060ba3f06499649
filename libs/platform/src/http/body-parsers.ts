import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { mapHttpError } from '@app/shared';

/**
 * Body parsers run before Nest's routing, so their errors (too large, malformed JSON)
 * never reach the exception filter. This wrapper answers them with the same mapper.
 */
function answeringErrors(parser: RequestHandler): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    void parser(request, response, (error?: unknown) => {
      if (error === undefined || error === null) return next();
      const mapped = mapHttpError(error);
      for (const [name, value] of Object.entries(mapped.headers)) response.setHeader(name, value);
      response.status(mapped.status).json(mapped.body);
    });
  };
}

export function bodyParsers(limitBytes: number): RequestHandler[] {
  return [
    answeringErrors(
      express.json({
        limit: limitBytes,
        // application/json+patch: the JSON Patch type the public API document names (agents).
        type: ['application/json', 'application/*+json', 'application/json+patch'],
      }),
    ),
    answeringErrors(express.urlencoded({ limit: limitBytes, extended: false })),
  ];
}
