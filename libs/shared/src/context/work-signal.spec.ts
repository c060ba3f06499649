import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { deadlineSignal, throwIfStopped } from './work-signal.js';

describe('deadlineSignal and throwIfStopped', () => {
  it('stops synchronous work once the deadline passed, though the timer could not fire', () => {
    const stop = new Error('deadline');
    // 100 ms leaves room for a busy machine between creating the signal and the first check.
    const { signal, dispose } = deadlineSignal(100, () => stop);
    expect(() => throwIfStopped(signal)).not.toThrow();
    const until = performance.now() + 150;
    while (performance.now() < until) {
      // synchronous work: no timer runs meanwhile
    }
    expect(signal.aborted).toBe(false);
    expect(() => throwIfStopped(signal)).toThrow(stop);
    expect(signal.aborted).toBe(true);
    dispose();
  });

  it('throws the reason of an explicit abort, and the parent signal reason', () => {
    const parent = new AbortController();
    const { signal, abort, dispose } = deadlineSignal(
      60_000,
      () => new Error('late'),
      parent.signal,
    );
    parent.abort('gone');
    expect(() => throwIfStopped(signal)).toThrow();
    expect(signal.reason).toBe('gone');
    abort('ignored once aborted');
    expect(signal.reason).toBe('gone');
    dispose();
    expect(() => throwIfStopped(undefined)).not.toThrow();
  });
});
