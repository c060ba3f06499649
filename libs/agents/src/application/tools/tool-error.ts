import { expectedFailure } from '@app/shared';

export interface ToolErrorPayload {
  code: string;
  message: string;
  details?: unknown;
}

/**
 * What a caller of a tool learns about its failure: an expected failure says what was wrong with
 * the request; anything else is an internal error whose text stays in the logs.
 */
export function toolErrorPayload(error: unknown): ToolErrorPayload {
  const failure = expectedFailure(error);
  if (failure && failure.status < 500) {
    return failure.details === undefined
      ? { code: failure.code, message: failure.message }
      : { code: failure.code, message: failure.message, details: failure.details };
  }
  if (failure) return { code: failure.code, message: failure.message };
  return { code: 'INTERNAL_ERROR', message: 'The tool failed unexpectedly' };
}
