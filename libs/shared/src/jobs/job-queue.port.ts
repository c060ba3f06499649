import type { OnModuleInit } from '@nestjs/common';

/**
 * The one port for background work. Adapters: BullMQ (server profile) and in-process
 * (embedded profile). Payloads are validated by the job's definition on both ends.
 */
export interface JobDefinition<T> {
  /** Unique job name, `<module>.<verb>`. */
  readonly name: string;
  /** Validates an untrusted payload (it crossed Redis) and returns it typed, or throws. */
  parse(payload: unknown): T;
  readonly attempts?: number;
  readonly backoffMs?: number;
}

export interface JobContext {
  jobId: string;
  attempt: number;
  requestId?: string;
  /** Aborted when the process shuts down: long jobs stop between steps and resume later. */
  signal?: AbortSignal;
}

export interface JobHandler<T> {
  readonly definition: JobDefinition<T>;
  handle(payload: T, context: JobContext): Promise<void>;
  /** Called once when the job is given up: attempts exhausted, or its worker kept dying. */
  failed?(payload: T, reason: string): Promise<void>;
}

export interface EnqueueOptions {
  /**
   * Idempotency key: a second enqueue with the same id is ignored while the first is waiting,
   * running or completed; a job that failed (gave up) is replaced, so its id can be reused.
   */
  jobId?: string;
  delayMs?: number;
}

/** Where a job stands: `live` (waiting, delayed or running), finished, or unknown to the queue. */
export type JobState =
  | { state: 'live' }
  | { state: 'completed' }
  | { state: 'failed'; reason: string }
  | { state: 'missing' };

export abstract class JobQueue {
  /** Throws a 503 AppError (with Retry-After) when the queue cannot take jobs right now. */
  abstract enqueue<T>(
    definition: JobDefinition<T>,
    payload: T,
    options?: EnqueueOptions,
  ): Promise<string>;
  /** Throws a 503 AppError when the queue is unreachable: check it before creating what a job will process. */
  abstract assertAvailable(): Promise<void>;
  abstract state(jobId: string): Promise<JobState>;
  /**
   * Settles when the job completes or is given up (after its failure hook, where the adapter
   * runs it), or after `timeoutMs` with the state it then has (`live` while it still runs).
   * Backed by the queue's own completion events, never by polling.
   */
  abstract waitFor(jobId: string, timeoutMs: number): Promise<JobState>;
}

/** Collects every handler; adapters dispatch by job name. Domain modules register at init. */
export abstract class JobHandlerRegistry {
  abstract register<T>(handler: JobHandler<T>): void;
  abstract find(name: string): JobHandler<unknown> | undefined;
}

/**
 * Thrown by a handler that stopped early because its context's signal was aborted (the
 * process is shutting down): not a failure; the queue hands the job back to be resumed.
 */
export class JobInterruptedError extends Error {
  constructor(jobName: string) {
    super(`Job ${jobName} interrupted by shutdown`);
    this.name = 'JobInterruptedError';
  }
}

export class InvalidJobPayloadError extends Error {
  constructor(jobName: string, problem: string) {
    super(`Invalid payload for job ${jobName}: ${problem}`);
    this.name = 'InvalidJobPayloadError';
  }
}

/**
 * The one shape of a job's processor: a registrar in `infrastructure/queue/` extends it with its
 * job's definition and gets the payload typed by that definition's `parse` (no casts).
 */
export abstract class JobProcessor<T> implements JobHandler<T>, OnModuleInit {
  protected constructor(
    private readonly registry: JobHandlerRegistry,
    readonly definition: JobDefinition<T>,
  ) {}

  abstract handle(payload: T, context: JobContext): Promise<void>;

  onModuleInit(): void {
    this.registry.register(this);
  }
}
