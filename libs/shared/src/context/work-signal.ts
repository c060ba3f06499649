import { performance } from 'node:perf_hooks';

/** Signals whose deadline is checked by time as well: a timer cannot fire during synchronous work. */
const expiries = new WeakMap<AbortSignal, () => void>();

/**
 * An AbortSignal aborted with `reason()` once `ms` have passed, by its timer or by the first
 * `throwIfStopped` after that moment, whichever comes first. `dispose` clears the timer.
 */
export function deadlineSignal(
  ms: number,
  reason: () => unknown,
  parent?: AbortSignal,
): { signal: AbortSignal; abort: (why: unknown) => void; dispose: () => void } {
  const controller = new AbortController();
  const expiresAt = performance.now() + ms;
  const expire = () => {
    if (!controller.signal.aborted) controller.abort(reason());
  };
  const timer = setTimeout(expire, ms);
  timer.unref();
  expiries.set(controller.signal, () => {
    if (performance.now() >= expiresAt) expire();
  });
  const fromParent = () => controller.abort(parent?.reason);
  parent?.addEventListener('abort', fromParent, { once: true });
  return {
    signal: controller.signal,
    abort: (why) => {
      if (!controller.signal.aborted) controller.abort(why);
    },
    dispose: () => {
      clearTimeout(timer);
      parent?.removeEventListener('abort', fromParent);
    },
  };
}

/**
 * Throws the abort reason when the work should stop: the signal was aborted, or its
 * deadline passed while synchronous code kept the timer from firing. Engines call it
 * between units of work (a resource, a row, a step).
 */
export function throwIfStopped(signal: AbortSignal | undefined): void {
  if (signal === undefined) return;
  expiries.get(signal)?.();
  signal.throwIfAborted();
}
