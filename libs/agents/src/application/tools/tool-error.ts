import { AppError } from '@app/shared';

export interface ToolErrorPayload {
  code: string;
  message: string;
  details?: unknown;
}

/**
 * What a caller of a tool learns about its failure: an AppError says what was wrong with
 * the request; anything else is an internal error whose text stays in the logs.
 */
export function toolErrorPayload(error: unknown): ToolErrorPayload {
  if (error instanceof AppError && error.status < 500) {
    return error.details === undefined
      ? { code: error.code, message: error.message }
      : { code: error.code, message: error.message, details: error.details };
  }
  if (error instanceof AppError) return { code: error.code, message: error.message };
  return { code: 'INTERNAL_ERROR', message: 'The tool failed unexpectedly' };
}
