import { isDatabaseUnavailable } from '@app/shared';

/**
 * When a failed job is tried again. A handful of quick tries would all land inside one
 * database or Redis outage, so a job that failed because a dependency could not be reached
 * gives up only once it has made its attempts AND the retry window has passed since it
 * became due. Any other failure (a refused row, an endpoint's 500) gives up after the
 * attempts. The delay doubles up to a cap.
 */
export interface RetryPolicy {
  /** Attempts to make at least. */
  attempts: number;
  backoffMs: number;
  maxBackoffMs: number;
  retryWindowMs: number;
}

/** The delay before the next attempt, or undefined when the job should give up. */
export function nextRetryDelay(
  policy: RetryPolicy,
  attemptsMade: number,
  dueAt: number,
  now: number,
  error?: unknown,
): number | undefined {
  if (attemptsMade >= policy.attempts) {
    if (!isDatabaseUnavailable(error)) return undefined;
    if (now - dueAt >= policy.retryWindowMs) return undefined;
  }
  const exponent = Math.min(attemptsMade - 1, 30);
  return Math.min(policy.backoffMs * 2 ** Math.max(0, exponent), policy.maxBackoffMs);
}

/** BullMQ counts attempts itself; the policy decides, so its own limit must never bind. */
export const UNBOUNDED_ATTEMPTS = 1_000_000;
