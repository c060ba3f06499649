import { describe, expect, it } from 'vitest';
import { OutageLog } from './outage-log.js';

describe('OutageLog', () => {
  it('reports the first failure of an outage, not the ones that follow, and a later new outage', () => {
    let now = 0;
    const log = new OutageLog(1_000, () => now);
    const reported: boolean[] = [];
    for (let tick = 0; tick < 20; tick++) {
      now = tick * 100;
      reported.push(log.failure());
    }
    expect(reported.filter(Boolean)).toHaveLength(1);
    now += 5_000;
    expect(log.failure()).toBe(true);
    expect(log.failure()).toBe(false);
  });
});
