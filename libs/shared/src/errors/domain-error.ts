/**
 * What went wrong, in the core's words. The edge turns the kind into a status
 * (`libs/shared/src/http/error-status.ts`); the code and message reach the client unchanged.
 */
export type DomainErrorKind =
  /** The input breaks a rule of the domain. */
  | 'invalid'
  /** The caller may not do this. */
  | 'forbidden'
  /** No such object for this caller. */
  | 'not-found'
  /** The object's current state does not allow it. */
  | 'conflict'
  /** Well-formed input the domain cannot carry out (a failed step, an exceeded budget). */
  | 'unprocessable'
  /** The work ran past its deadline. */
  | 'timed-out'
  /** The caller went away before the work finished. */
  | 'abandoned'
  /** The object existed and is gone for good (a FHIR server's deleted resource). */
  | 'gone'
  /** The caller's precondition (an `If-Match` version) no longer holds. */
  | 'precondition-failed'
  /** A server the work depends on keeps refusing for load; `retryAfter` says when to try again. */
  | 'rate-limited'
  /** A server the work depends on failed, refused our credentials or answered unusably. */
  | 'upstream-failed';

/** The error type of every library's `domain/`: a stable code, a kind, a message, details. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** With `rate-limited`: when to try again, as the server said it (seconds or a date). */
    readonly retryAfter?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
