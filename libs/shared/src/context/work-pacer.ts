import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { throwIfStopped } from './work-signal.js';

/** How long synchronous work may hold the event loop before it lets other callbacks run. */
export const WORK_SLICE_MS = 8;

/**
 * For long work done in small units on the event loop (a resource, a row): call `pace()`
 * between units and await it. Once a slice's time is spent it waits one turn of the event
 * loop (timers, I/O and other requests run), then throws if the signal stopped the work;
 * before that it resolves at once.
 */
export function workPacer(signal?: AbortSignal, sliceMs = WORK_SLICE_MS): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await nextTurn();
    throwIfStopped(signal);
    sliceStart = performance.now();
  };
}
