import { describe, expect, it } from 'vitest';
import { SessionActivity } from './session-activity.js';

describe('SessionActivity', () => {
  it('has seen no statement before the first one finishes', () => {
    expect(new SessionActivity().finishedWithin(60_000, 1_000)).toBe(false);
  });

  it('tells a statement finished within the window from one finished before it', () => {
    const activity = new SessionActivity();
    activity.statementFinished(10_000);
    expect(activity.finishedWithin(1_000, 10_900)).toBe(true);
    expect(activity.finishedWithin(1_000, 11_000)).toBe(true);
    expect(activity.finishedWithin(1_000, 11_001)).toBe(false);
  });
});
