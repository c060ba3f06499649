import { AsyncLocalStorage } from 'node:async_hooks';

const background = new AsyncLocalStorage<boolean>();

/**
 * Runs bulk work (an upload's writes, a job) whose database statements let the others go
 * first where the database is one session shared by the process (the embedded profile):
 * a health check or a search then waits for one running statement, not for a queue of them.
 */
export function inBackground<T>(work: () => T): T {
  return background.run(true, work);
}

/** Whether the caller runs inside `inBackground`. */
export function isBackgroundWork(): boolean {
  return background.getStore() === true;
}
