import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { jsonProblemError, parseJsonInSlices, RequestContext } from '@app/shared';

/** application/json+patch: the JSON Patch type the public API document names (agents). */
export const JSON_BODY_TYPES = ['application/json', 'application/*+json', 'application/json+patch'];

/**
 * Bodies from this many characters on are parsed in slices (about 2 ms of JSON.parse on a
 * busy machine); smaller ones at once, as body-parser's json does.
 */
export const SLICED_FROM_CHARS = 128 * 1024;

const checkedBodies = new WeakSet<Request>();

/** Whether the body already passed the JSON input policy while it was parsed. */
export function bodyPassedPolicy(request: Request): boolean {
  return checkedBodies.has(request);
}

/** The error body-parser gives, which the error mapper answers with 400 REQUEST.MALFORMED_BODY. */
function parseFailed(error: unknown): Error {
  return Object.assign(error instanceof Error ? error : new Error(String(error)), {
    status: 400,
    type: 'entity.parse.failed',
  });
}

function charsetOf(request: Request): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(request.headers['content-type'] ?? '');
  return match?.[1]?.toLowerCase();
}

/** body-parser's strict mode: the document is an object or an array. */
function startsAsContainer(text: string): boolean {
  const first = /^[ \t\n\r]*(.)/.exec(text)?.[1];
  return first === '{' || first === '[';
}

/**
 * body-parser's json for JSON bodies (same limit, inflation, charsets, empty body as `{}`,
 * strict mode and errors), except that a large body is parsed, and checked against the
 * JSON input policy, in slices with a turn of the event loop between them (and stops when
 * the request's signal aborts), so one 10 MB upload does not stall every other request.
 */
export function jsonBodyParser(limitBytes: number, maxDepth: number): RequestHandler {
  const readText = express.text({ limit: limitBytes, type: JSON_BODY_TYPES });
  return (request: Request, response: Response, next: NextFunction) => {
    // Taken here, in the request's context (the body arrives in the socket's).
    const signal = RequestContext.signal();
    if (request.is(JSON_BODY_TYPES)) {
      const charset = charsetOf(request);
      if (charset !== undefined && !charset.startsWith('utf-')) {
        next(
          Object.assign(new Error(`unsupported charset "${charset.toUpperCase()}"`), {
            status: 415,
            type: 'charset.unsupported',
          }),
        );
        return;
      }
    }
    void readText(request, response, (error?: unknown) => {
      if (error !== undefined && error !== null) return next(error);
      if (typeof request.body !== 'string' || !request.is(JSON_BODY_TYPES)) return next();
      const text = request.body;
      if (text.length === 0) {
        request.body = {};
        return next();
      }
      if (!startsAsContainer(text)) return next(parseFailed(new SyntaxError('strict violation')));
      if (text.length < SLICED_FROM_CHARS) {
        try {
          request.body = JSON.parse(text) as unknown;
        } catch (parseError) {
          return next(parseFailed(parseError));
        }
        return next();
      }
      parseJsonInSlices(text, {
        maxDepth,
        yieldToLoop: async () => {
          await nextTurn();
          signal?.throwIfAborted();
        },
      }).then(
        (result) => {
          if (result.problem) return next(jsonProblemError(result.problem));
          request.body = result.value;
          checkedBodies.add(request);
          next();
        },
        (parseError: unknown) =>
          next(parseError instanceof SyntaxError ? parseFailed(parseError) : parseError),
      );
    });
  };
}
