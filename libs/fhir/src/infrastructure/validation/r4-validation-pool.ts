import { Worker } from 'node:worker_threads';
import {
  r4IssuesInThread,
  valuesUpTo,
  type R4Issue,
  type R4Validation,
} from '../../domain/input/r4-validation.js';

/**
 * Resources with more JSON values than this are validated in a worker thread: at about
 * 15 µs a value, one of this size takes ~10 ms on the event loop, the slice budget of the
 * paced checks. Below it, posting the resource to a thread costs more than validating it.
 */
export const THREAD_THRESHOLD_VALUES = 600;

const WORKER_FILE = new URL('./r4-validation.worker.mjs', import.meta.url);

interface Task {
  resource: Record<string, unknown>;
  signal?: AbortSignal;
  resolve: (issues: R4Issue[]) => void;
  reject: (error: unknown) => void;
  onAbort?: () => void;
}

/**
 * R4 validation that never holds the event loop for one large resource: a resource of up
 * to `threshold` values is validated here, a larger one in one of `size` worker threads
 * (started when first needed, each loading the R4 definitions once, then reused; a queue
 * when all are busy). A stopped signal rejects with its reason at once: a queued resource
 * is dropped, a thread busy with it is terminated (a new one starts for the next).
 */
export class R4ValidationPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Task>();
  private readonly queue: Task[] = [];

  constructor(
    private readonly size = 1,
    private readonly threshold = THREAD_THRESHOLD_VALUES,
  ) {}

  /** The pool as an `R4Validation`. */
  readonly validate: R4Validation = (resource, signal) => {
    if (valuesUpTo(resource, this.threshold + 1) <= this.threshold)
      return Promise.resolve().then(() => r4IssuesInThread(resource));
    return this.inThread(resource, signal);
  };

  /** Number of threads started and alive (tests and diagnostics). */
  get threads(): number {
    return this.idle.length + this.busy.size;
  }

  /** Terminates every thread; queued and running validations reject. */
  async close(): Promise<void> {
    for (const task of this.queue.splice(0)) this.settle(task, new Error('validation closed'));
    const workers = [...this.idle.splice(0), ...this.busy.keys()];
    for (const [, task] of this.busy) this.settle(task, new Error('validation closed'));
    this.busy.clear();
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private inThread(resource: Record<string, unknown>, signal?: AbortSignal): Promise<R4Issue[]> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    return new Promise((resolve, reject) => {
      const task: Task = { resource, signal, resolve, reject };
      if (signal) {
        task.onAbort = () => this.abort(task);
        signal.addEventListener('abort', task.onAbort, { once: true });
      }
      this.queue.push(task);
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.threads < this.size ? this.start() : undefined);
      if (!worker) return;
      const task = this.queue.shift()!;
      this.busy.set(worker, task);
      worker.ref(); // a CLI awaiting only this validation must not exit meanwhile
      worker.postMessage(task.resource);
    }
  }

  private start(): Worker {
    const worker = new Worker(WORKER_FILE);
    worker.unref();
    worker.on('message', (answer: { issues?: R4Issue[]; failure?: string }) => {
      const task = this.busy.get(worker);
      this.busy.delete(worker);
      worker.unref();
      this.idle.push(worker);
      if (task)
        this.settle(task, answer.issues ? undefined : new Error(answer.failure), answer.issues);
      this.dispatch();
    });
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', (code) => this.lost(worker, new Error(`validation thread exited (${code})`)));
    return worker;
  }

  /** A thread that failed or exited: its task fails, the queue goes on with a new thread. */
  private lost(worker: Worker, error: Error): void {
    const task = this.busy.get(worker);
    this.busy.delete(worker);
    const at = this.idle.indexOf(worker);
    if (at >= 0) this.idle.splice(at, 1);
    if (task) this.settle(task, error);
    this.dispatch();
  }

  private abort(task: Task): void {
    const queued = this.queue.indexOf(task);
    if (queued >= 0) this.queue.splice(queued, 1);
    for (const [worker, running] of this.busy) {
      if (running !== task) continue;
      this.busy.delete(worker);
      void worker.terminate();
    }
    this.settle(task, task.signal?.reason);
    this.dispatch();
  }

  private settle(task: Task, error: unknown, issues?: R4Issue[]): void {
    if (task.onAbort) task.signal?.removeEventListener('abort', task.onAbort);
    if (issues) task.resolve(issues);
    else task.reject(error);
  }
}

let shared: R4ValidationPool | undefined;

/** The process's pool: one thread (the service runs on few cores; requests queue for it). */
export function sharedR4Validation(): R4ValidationPool {
  shared ??= new R4ValidationPool();
  return shared;
}
