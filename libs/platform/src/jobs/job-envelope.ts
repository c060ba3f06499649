import { InvalidJobPayloadError, type JobDefinition } from '@app/shared';

/** What travels with every job: the payload and the id of the request that caused it. */
export interface JobEnvelope {
  payload: unknown;
  requestId?: string;
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
  return { payload: definition.parse(envelope.payload), requestId };
}

export function backoffDelay(baseMs: number, attempt: number): number {
  return baseMs * 2 ** (attempt - 1);
}
