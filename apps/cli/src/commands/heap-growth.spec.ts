import { describe, expect, it } from 'vitest';
import { LOAD_HEAP_GROWING_PERCENT, loadHeapGrowthFlag } from './heap-growth.js';

describe('loadHeapGrowthFlag', () => {
  it('asks V8 to let the heap grow to one and a half times the live heap at most', () => {
    expect(loadHeapGrowthFlag([])).toBe('--heap-growing-percent=50');
    expect(LOAD_HEAP_GROWING_PERCENT).toBe(50);
  });

  it('keeps other Node flags', () => {
    expect(loadHeapGrowthFlag(['--max-semi-space-size=64', '--enable-source-maps'])).toBe(
      '--heap-growing-percent=50',
    );
  });

  it('leaves a value given on the command line alone', () => {
    expect(loadHeapGrowthFlag(['--heap-growing-percent=50'])).toBeNull();
    expect(loadHeapGrowthFlag(['--heap-growing-percent', '50'])).toBeNull();
  });
});
