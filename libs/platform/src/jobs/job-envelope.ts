import {
  JSON_DEPTH_CEILING,
  describeJsonProblem,
  findJsonProblem,
  InvalidJobPayloadError,
  type JobDefinition,
} from '@app/shared';

/** What travels with every job: the payload, the id of the request that caused it, its retry terms. */
export interface JobEnvelope {
  payload: unknown;
  requestId?: string;
  /** The job definition's attempts and base backoff, read by the worker's backoff strategy. */
  retry?: { attempts: number; backoffMs: number };
}

export const DEFAULT_ATTEMPTS = 5;
export const DEFAULT_BACKOFF_MS = 1_000;

export function parseEnvelope(
  definition: JobDefinition<unknown>,
  data: unknown,
): { payload: unknown; requestId?: string } {
  if (typeof data !== 'object' || data === null || !('payload' in data)) {
    throw new InvalidJobPayloadError(definition.name, 'missing envelope');
  }
  const envelope = data as JobEnvelope;
  const requestId = typeof envelope.requestId === 'string' ? envelope.requestId : undefined;
  return { payload: checkedPayload(definition, envelope.payload), requestId };
}

/**
 * The JSON input policy (depth, unstorable characters) before the job's own parse, on
 * enqueue and again on consumption: a payload read back from Redis is input too.
 */
export function checkedPayload<T>(definition: JobDefinition<T>, payload: unknown): T {
  // The ceiling, not the configured limit: a payload wraps a request body in a few levels.
  const problem = findJsonProblem(payload, JSON_DEPTH_CEILING + 16);
  if (problem)
    throw new InvalidJobPayloadError(definition.name, describeJsonProblem(problem, 'payload'));
  return definition.parse(payload);
}

export function retryTerms(definition: JobDefinition<unknown>): {
  attempts: number;
  backoffMs: number;
} {
  return {
    attempts: definition.attempts ?? DEFAULT_ATTEMPTS,
    backoffMs: definition.backoffMs ?? DEFAULT_BACKOFF_MS,
  };
}
