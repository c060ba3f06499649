import { Injectable, Module, OnModuleInit } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobsModule, JOBS_QUEUE, RedisModule, redisOptionsFromUrl } from '@app/platform';
import {
  ConfigModule,
  InvalidJobPayloadError,
  JobHandlerRegistry,
  JobQueue,
  loadConfig,
  RequestContext,
  type JobContext,
  type JobDefinition,
} from '@app/shared';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { INestApplicationContext } from '@nestjs/common';
import { serverEnv, TEST_REDIS_URL } from '../support/server-resources.js';

interface Charge {
  invoice: string;
}

const chargeJob: JobDefinition<Charge> = {
  name: 'test.charge',
  attempts: 4,
  backoffMs: 50,
  parse(payload) {
    const invoice = (payload as Partial<Charge> | null)?.invoice;
    if (typeof invoice !== 'string')
      throw new InvalidJobPayloadError('test.charge', 'invoice must be a string');
    return { invoice };
  },
};

/** Fails the first attempt of each invoice, then records it: a stand-in for a flaky downstream. */
@Injectable()
class FlakyChargeHandler implements OnModuleInit {
  readonly attempts: JobContext[] = [];
  readonly completed: string[] = [];
  private readonly waiters = new Map<string, () => void>();

  constructor(private readonly registry: JobHandlerRegistry) {}

  onModuleInit(): void {
    this.registry.register({
      definition: chargeJob,
      handle: (payload, context) => this.handle(payload, context),
    });
  }

  completion(invoice: string): Promise<void> {
    return new Promise((resolve) => this.waiters.set(invoice, resolve));
  }

  private handle(payload: Charge, context: JobContext): Promise<void> {
    this.attempts.push(context);
    if (context.attempt === 1) return Promise.reject(new Error('downstream timed out'));
    this.completed.push(payload.invoice);
    this.waiters.get(payload.invoice)?.();
    return Promise.resolve();
  }
}

const doomedJob: JobDefinition<Charge> = {
  ...chargeJob,
  name: 'test.doomed',
  attempts: 2,
  backoffMs: 20,
};

/** Always fails: BullMQ gives it up after its retry window and the failure hook runs once. */
@Injectable()
class DoomedHandler implements OnModuleInit {
  readonly attempts: number[] = [];
  readonly givenUp: { invoice: string; reason: string }[] = [];
  private notify?: () => void;

  constructor(private readonly registry: JobHandlerRegistry) {}

  onModuleInit(): void {
    this.registry.register({
      definition: doomedJob,
      handle: (_payload, context) => {
        this.attempts.push(context.attempt);
        // Unreachable, as a database or gateway in an outage is: retried within the window.
        return Promise.reject(
          Object.assign(new Error(`gateway unreachable (attempt ${context.attempt})`), {
            code: 'ECONNREFUSED',
          }),
        );
      },
      failed: (payload, reason) => {
        this.givenUp.push({ invoice: payload.invoice, reason });
        this.notify?.();
        return Promise.resolve();
      },
    });
  }

  gaveUp(): Promise<void> {
    return new Promise((resolve) => (this.notify = resolve));
  }
}

@Module({ providers: [FlakyChargeHandler, DoomedHandler] })
class ChargeModule {}

describe('jobs on BullMQ with a real Redis', () => {
  // A short retry window, so that a job that always fails gives up in well under a second.
  const RETRY_WINDOW_MS = 400;
  const config = loadConfig(
    serverEnv('postgres://unused@127.0.0.1/unused', {
      JOB_RETRY_WINDOW_MS: String(RETRY_WINDOW_MS),
    }),
  );
  let context: INestApplicationContext;
  let handler: FlakyChargeHandler;

  beforeAll(async () => {
    const module = await Test.createTestingModule({
      imports: [
        ConfigModule.forRoot(config),
        RedisModule,
        JobsModule.forRoot(config, { consume: true }),
        ChargeModule,
      ],
    }).compile();
    context = await module.init();
    handler = context.get(FlakyChargeHandler);
  });

  afterAll(async () => {
    await context?.close();
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${config.redisPrefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('retries after a thrown error and completes once, carrying the request id', async () => {
    const done = handler.completion('INV-1');
    const jobId = await RequestContext.run('req-bull-1', () =>
      context.get(JobQueue).enqueue(chargeJob, { invoice: 'INV-1' }),
    );
    await done;

    expect(handler.completed).toEqual(['INV-1']);
    const attempts = handler.attempts.filter((attempt) => attempt.jobId === jobId);
    expect(attempts.map((attempt) => attempt.attempt)).toEqual([1, 2]);
    expect(attempts.every((attempt) => attempt.requestId === 'req-bull-1')).toBe(true);

    const queue = new Queue(JOBS_QUEUE, {
      connection: redisOptionsFromUrl(TEST_REDIS_URL),
      prefix: `${config.redisPrefix}:bull`,
    });
    try {
      // The handler has returned; BullMQ marks the job completed right after.
      let state = '';
      for (let poll = 0; poll < 50 && state !== 'completed'; poll++) {
        state = await queue.getJobState(jobId);
        if (state !== 'completed') await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(state).toBe('completed');
      expect((await queue.getJob(jobId))?.attemptsMade).toBe(2);
    } finally {
      await queue.close();
    }
  });

  it('waitFor settles on BullMQ completion events: completed after a retry, missing when unknown', async () => {
    const queue = context.get(JobQueue);
    await queue.enqueue(chargeJob, { invoice: 'INV-W' }, { jobId: 'charge-INV-W' });
    expect(await queue.waitFor('charge-INV-W', 30_000)).toEqual({ state: 'completed' });
    expect(handler.completed).toContain('INV-W');
    // Already finished: answered from the job's state, not from an event that has passed.
    expect(await queue.waitFor('charge-INV-W', 30_000)).toEqual({ state: 'completed' });
    expect(await queue.waitFor('never-enqueued', 30_000)).toEqual({ state: 'missing' });
  });

  it('treats the job id as an idempotency key', async () => {
    const done = handler.completion('INV-2');
    const queue = context.get(JobQueue);
    await queue.enqueue(chargeJob, { invoice: 'INV-2' }, { jobId: 'charge-INV-2' });
    await queue.enqueue(chargeJob, { invoice: 'INV-2' }, { jobId: 'charge-INV-2' });
    await done;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(handler.completed.filter((invoice) => invoice === 'INV-2')).toHaveLength(1);
  });

  it('retries past its attempts until the retry window has passed, then calls the failure hook once', async () => {
    const doomed = context.get(DoomedHandler);
    const gaveUp = doomed.gaveUp();
    const started = Date.now();
    await context.get(JobQueue).enqueue(doomedJob, { invoice: 'INV-9' }, { jobId: 'doomed-9' });
    await gaveUp;
    const elapsed = Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 200));
    const made = doomed.attempts.length;
    // More than the definition's 2 attempts: the window (400 ms) had not passed after them.
    expect(made).toBeGreaterThan(doomedJob.attempts!);
    expect(doomed.attempts).toEqual(Array.from({ length: made }, (_, index) => index + 1));
    expect(elapsed).toBeGreaterThanOrEqual(RETRY_WINDOW_MS);
    expect(doomed.givenUp).toEqual([
      { invoice: 'INV-9', reason: `gateway unreachable (attempt ${made})` },
    ]);
    expect(await context.get(JobQueue).state('doomed-9')).toEqual({
      state: 'failed',
      reason: `gateway unreachable (attempt ${made})`,
    });
  });

  it('reuses the id of a failed job: a second enqueue runs it again', async () => {
    const doomed = context.get(DoomedHandler);
    const before = doomed.givenUp.length;
    const gaveUp = doomed.gaveUp();
    const queue = context.get(JobQueue);
    await queue.enqueue(doomedJob, { invoice: 'INV-9' }, { jobId: 'doomed-9' });
    expect((await queue.state('doomed-9')).state).toBe('live');
    await gaveUp;
    expect(doomed.givenUp).toHaveLength(before + 1);
    expect(await queue.state('never-enqueued')).toEqual({ state: 'missing' });
  });

  it('refuses an invalid payload before it reaches Redis', async () => {
    await expect(
      context.get(JobQueue).enqueue(chargeJob, { invoice: 7 } as unknown as Charge),
    ).rejects.toBeInstanceOf(InvalidJobPayloadError);
  });

  it('waitFor reports a job BullMQ gave up, not one of its failed attempts', async () => {
    const queue = context.get(JobQueue);
    await queue.enqueue(doomedJob, { invoice: 'INV-WF' }, { jobId: 'doomed-wf' });
    const settled = await queue.waitFor('doomed-wf', 30_000);
    expect(settled.state).toBe('failed');
    expect(settled).toEqual(await queue.state('doomed-wf'));
  });
});
