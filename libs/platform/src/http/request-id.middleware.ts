import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { RequestContext } from '@app/shared';

const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Takes the caller's X-Request-Id when sane, else makes one; echoes it and opens the request context. */
export function requestIdMiddleware(
  request: Request,
  response: Response,
  next: NextFunction,
): void {
  const incoming = request.header('x-request-id');
  const requestId = incoming && ACCEPTABLE_ID.test(incoming) ? incoming : randomUUID();
  (request as Request & { id: string }).id = requestId;
  response.setHeader('X-Request-Id', requestId);
  RequestContext.run(requestId, () => next());
}
