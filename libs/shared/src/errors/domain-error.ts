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
  | 'abandoned';

/** The error type of every library's `domain/`: a stable code, a kind, a message, details. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
