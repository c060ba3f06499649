import { describe, expect, it } from 'vitest';
import { refreshAt } from './token-lifetime.js';

describe('refreshAt', () => {
  it('stops using a token shortly before it expires', () => {
    expect(refreshAt(0, 3600)).toBe(3_600_000 - 60_000);
    expect(refreshAt(0, 300)).toBe(300_000 - 30_000);
    expect(refreshAt(0, 60)).toBe(50_000);
    expect(refreshAt(1000, 5)).toBe(1000);
    expect(refreshAt(0, 0)).toBe(0);
  });
});
