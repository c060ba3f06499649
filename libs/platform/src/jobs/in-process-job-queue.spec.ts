import { describe, expect, it } from 'vitest';
import {
  InvalidJobPayloadError,
  JobInterruptedError,
  RequestContext,
  type JobContext,
  type JobDefinition,
} from '@app/shared';
import { InProcessJobQueue } from './in-process-job-queue.js';
import { InMemoryJobHandlerRegistry } from './job-handler.registry.js';

interface Greeting {
  name: string;
}

const greet: JobDefinition<Greeting> = {
  name: 'test.greet',
  attempts: 3,
  backoffMs: 5,
  parse(payload) {
    if (
      typeof payload !== 'object' ||
      payload === null ||
      typeof (payload as Greeting).name !== 'string'
    ) {
      throw new InvalidJobPayloadError('test.greet', 'name must be a string');
    }
    return { name: (payload as Greeting).name };
  },
};

function setup(failures: number) {
  const registry = new InMemoryJobHandlerRegistry();
  const calls: JobContext[] = [];
  const done: string[] = [];
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  registry.register({
    definition: greet,
    handle: (payload, context) => {
      calls.push(context);
      if (calls.length <= failures) return Promise.reject(new Error(`failure ${calls.length}`));
      done.push(payload.name);
      finish();
      return Promise.resolve();
    },
  });
  return { queue: new InProcessJobQueue(registry), calls, done, finished };
}

describe('InProcessJobQueue', () => {
  it('retries a failing job with backoff, completes it once and carries the request id', async () => {
    const { queue, calls, done, finished } = setup(2);
    await RequestContext.run('req-123', () =>
      queue.enqueue(greet, { name: 'Ada' }, { jobId: 'job-1' }),
    );
    await finished;
    expect(done).toEqual(['Ada']);
    expect(calls.map((call) => call.attempt)).toEqual([1, 2, 3]);
    expect(calls.every((call) => call.requestId === 'req-123' && call.jobId === 'job-1')).toBe(
      true,
    );
    await queue.beforeApplicationShutdown();
  });

  it('ignores a second enqueue with the same job id', async () => {
    const { queue, done, finished } = setup(0);
    await queue.enqueue(greet, { name: 'once' }, { jobId: 'same' });
    await queue.enqueue(greet, { name: 'twice' }, { jobId: 'same' });
    await finished;
    await queue.beforeApplicationShutdown();
    expect(done).toEqual(['once']);
  });

  it('refuses an invalid payload when it is enqueued', async () => {
    const { queue } = setup(0);
    await expect(queue.enqueue(greet, { name: 42 } as unknown as Greeting)).rejects.toBeInstanceOf(
      InvalidJobPayloadError,
    );
  });

  it('refuses a payload nested past the depth ceiling or holding U+0000 before its own parse (issue #13)', async () => {
    const { queue } = setup(0);
    let deep: unknown = 'leaf';
    for (let level = 0; level < 5_000; level += 1) deep = [deep];
    await expect(
      queue.enqueue(greet, { name: 'x', extra: deep } as unknown as Greeting),
    ).rejects.toThrow(/nested deeper/);
    await expect(queue.enqueue(greet, { name: 'a\u0000b' })).rejects.toThrow(/U\+0000/);
  });

  it('calls the failure hook once when the attempts are spent', async () => {
    const registry = new InMemoryJobHandlerRegistry();
    const reasons: string[] = [];
    let notify!: () => void;
    const gaveUp = new Promise<void>((resolve) => (notify = resolve));
    registry.register({
      definition: greet,
      handle: (_payload, context) => Promise.reject(new Error(`nope ${context.attempt}`)),
      failed: (_payload, reason) => {
        reasons.push(reason);
        notify();
        return Promise.resolve();
      },
    });
    const queue = new InProcessJobQueue(registry);
    await queue.enqueue(greet, { name: 'Grace' });
    await gaveUp;
    await queue.beforeApplicationShutdown();
    expect(reasons).toEqual(['nope 3']);
  });

  it('reports a given-up job as failed with its reason, and runs it again when its id is reused', async () => {
    const registry = new InMemoryJobHandlerRegistry();
    let calls = 0;
    let notify!: () => void;
    let gaveUp = new Promise<void>((resolve) => (notify = resolve));
    registry.register({
      definition: greet,
      handle: () => Promise.reject(new Error(`nope ${++calls}`)),
      failed: () => {
        notify();
        return Promise.resolve();
      },
    });
    const queue = new InProcessJobQueue(registry);
    expect(await queue.state('reused')).toEqual({ state: 'missing' });
    await queue.enqueue(greet, { name: 'Ada' }, { jobId: 'reused' });
    expect(await queue.state('reused')).toEqual({ state: 'live' });
    await gaveUp;
    expect(await queue.state('reused')).toEqual({ state: 'failed', reason: 'nope 3' });

    gaveUp = new Promise<void>((resolve) => (notify = resolve));
    await queue.enqueue(greet, { name: 'Ada' }, { jobId: 'reused' });
    await gaveUp;
    await queue.beforeApplicationShutdown();
    expect(calls).toBe(6);
  });

  it('neither retries nor fails a job interrupted by shutdown', async () => {
    const registry = new InMemoryJobHandlerRegistry();
    const hooks: string[] = [];
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let attempts = 0;
    registry.register({
      definition: greet,
      handle: async (_payload, context) => {
        attempts += 1;
        started();
        await new Promise((resolve) => context.signal!.addEventListener('abort', resolve));
        throw new JobInterruptedError(greet.name);
      },
      failed: (_payload, reason) => {
        hooks.push(reason);
        return Promise.resolve();
      },
    });
    const queue = new InProcessJobQueue(registry);
    await queue.enqueue(greet, { name: 'Ada' }, { jobId: 'long' });
    await running;
    await queue.beforeApplicationShutdown();
    expect(attempts).toBe(1);
    expect(hooks).toEqual([]);
    expect((await queue.state('long')).state).toBe('live');
  });

  it('waitFor settles when the job completes, after its retries, without polling', async () => {
    const { queue, done } = setup(1);
    await queue.enqueue(greet, { name: 'Grace' }, { jobId: 'job-wait' });
    expect(await queue.waitFor('job-wait', 10_000)).toEqual({ state: 'completed' });
    expect(done).toEqual(['Grace']);
    expect(await queue.waitFor('job-wait', 10_000)).toEqual({ state: 'completed' });
  });

  it('waitFor reports a given-up job once its failure hook has run', async () => {
    const registry = new InMemoryJobHandlerRegistry();
    const recorded: string[] = [];
    registry.register({
      definition: greet,
      handle: () => Promise.reject(new Error('downstream refused')),
      failed: async (payload) => {
        await Promise.resolve();
        recorded.push(payload.name);
      },
    });
    const queue = new InProcessJobQueue(registry);
    await queue.enqueue(greet, { name: 'Alan' }, { jobId: 'job-doomed' });
    expect(await queue.waitFor('job-doomed', 10_000)).toEqual({
      state: 'failed',
      reason: 'downstream refused',
    });
    expect(recorded).toEqual(['Alan']);
  });

  it('waitFor gives the live state back when the time is up, and missing for an unknown job', async () => {
    const registry = new InMemoryJobHandlerRegistry();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    registry.register({ definition: greet, handle: () => held });
    const queue = new InProcessJobQueue(registry);
    await queue.enqueue(greet, { name: 'Edsger' }, { jobId: 'job-held' });
    expect(await queue.waitFor('job-held', 20)).toEqual({ state: 'live' });
    release();
    expect(await queue.waitFor('job-held', 10_000)).toEqual({ state: 'completed' });
    expect(await queue.waitFor('never-enqueued', 10_000)).toEqual({ state: 'missing' });
  });
});
