import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * How far V8 lets the old generation grow past the live heap before its next full
 * collection, for `omop:load`: 50 means up to one and a half times the live heap (V8's
 * default lets it grow several times). The load allocates fast and keeps little (the
 * batches' parsed resources and rows are garbage once written), so the default mostly
 * held garbage: the embedded CLI, which runs the batches itself next to PGlite, peaked at
 * 685-723 MB for 100,000 resources; 511 MB with 100 (the worker's `npm run start:worker`
 * value), 499 MB with 75, 462 MB with 50 for about 7% more CPU.
 */
export const LOAD_HEAP_GROWING_PERCENT = 50;

/**
 * The V8 flag to set for a load, or null when the process was started with its own
 * `--heap-growing-percent` (that choice wins).
 */
export function loadHeapGrowthFlag(execArgv: readonly string[]): string | null {
  if (execArgv.some((arg) => arg.startsWith('--heap-growing-percent'))) return null;
  return `--heap-growing-percent=${LOAD_HEAP_GROWING_PERCENT}`;
}

/**
 * Applies the load's heap growth to this process. V8 reads the value when it sizes the
 * heap after a full collection; the limit it set after start-up's last one (with the
 * default growth) would hold until the next, so one full collection runs now (about a
 * tenth of a second; without it the first 20 s of a load grew the heap to 300 MB).
 * `gc` is exposed to a throw-away context only, never to this process's globals.
 */
export function limitHeapGrowthForLoad(execArgv: readonly string[] = process.execArgv): void {
  const flag = loadHeapGrowthFlag(execArgv);
  if (!flag) return;
  setFlagsFromString(flag);
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
