import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError, CommonErrorCodes, deadlineSignal, RequestContext } from '@app/shared';

/**
 * Gives every request a signal that engines check between units of work: aborted with a
 * 504 naming REQUEST_DEADLINE_MS when the deadline passes, and when the client goes away
 * before its answer was sent (nobody reads that answer; the work just stops).
 */
export function requestDeadline(deadlineMs: number): RequestHandler {
  return (_request: Request, response: Response, next: NextFunction) => {
    const { signal, abort, dispose } = deadlineSignal(
      deadlineMs,
      () =>
        new AppError(
          504,
          CommonErrorCodes.DEADLINE_EXCEEDED,
          `The request did not finish within its deadline of ${deadlineMs} ms (REQUEST_DEADLINE_MS); its work was stopped`,
          { limit: 'REQUEST_DEADLINE_MS', value: deadlineMs },
        ),
    );
    response.once('close', () => {
      if (!response.writableFinished)
        abort(
          new AppError(
            499,
            CommonErrorCodes.CANCELLED,
            'The client closed the request before its answer',
          ),
        );
      dispose();
    });
    RequestContext.setSignal(signal);
    next();
  };
}
