export interface RetrySettings {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** Statuses that mean "not processed, try again later". */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/**
 * The wait before retry number `attempt` (1-based), or undefined when no retry remains.
 * A server's Retry-After (seconds or HTTP date) wins; beyond the maximum delay we give up
 * rather than hold the caller. Otherwise exponential backoff with jitter.
 */
export function retryDelayMs(
  attempt: number,
  retryAfter: string | undefined,
  settings: RetrySettings,
  now: number = Date.now(),
  random: () => number = Math.random,
): number | undefined {
  if (attempt > settings.maxRetries) return undefined;
  const requested = parseRetryAfter(retryAfter, now);
  if (requested !== undefined) return requested <= settings.maxDelayMs ? requested : undefined;
  const exponential = Math.min(settings.baseDelayMs * 2 ** (attempt - 1), settings.maxDelayMs);
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
