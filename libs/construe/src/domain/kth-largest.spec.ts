import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kthLargest, kthLargestSampled } from './kth-largest.js';

const finite = fc.float({ noNaN: true, noDefaultInfinity: true });

function sortedDescending(values: ArrayLike<number>): number[] {
  return Array.from(values).sort((a, b) => b - a);
}

describe('kthLargest', () => {
  it('agrees with sorting', () => {
    fc.assert(
      fc.property(fc.array(finite, { minLength: 1, maxLength: 200 }), fc.nat(), (values, pick) => {
        const array = Float32Array.from(values);
        const k = (pick % array.length) + 1;
        expect(kthLargest(array, k)).toBe(sortedDescending(array)[k - 1]);
      }),
    );
  });

  it('leaves its input as it was', () => {
    const values = Float64Array.from([3, 1, 2, 5, 4]);
    kthLargest(values, 2);
    expect(Array.from(values)).toEqual([3, 1, 2, 5, 4]);
  });
});

describe('kthLargestSampled', () => {
  // Long arrays with few distinct values (many ties, so the sample's bound is often reached
  // by too few or by all values) and arbitrary ones; small k takes the sampled path.
  const values = fc.oneof(
    fc.array(finite, { minLength: 1, maxLength: 3_000 }),
    fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 1, maxLength: 3_000 }),
  );

  it('gives what kthLargest gives, for either precision', () => {
    fc.assert(
      fc.property(values, fc.nat(), (numbers, pick) => {
        const k = (pick % Math.min(numbers.length, 60)) + 1;
        const single = Float32Array.from(numbers);
        const double = Float64Array.from(numbers);
        expect(kthLargestSampled(single, k, new Float32Array(single.length))).toBe(
          kthLargest(single, k),
        );
        expect(kthLargestSampled(double, k, new Float64Array(double.length))).toBe(
          sortedDescending(double)[k - 1],
        );
      }),
    );
  });

  it('clamps k to the number of values', () => {
    const numbers = Float64Array.from({ length: 500 }, (_, index) => index);
    expect(kthLargestSampled(numbers, 0, new Float64Array(500))).toBe(499);
    expect(kthLargestSampled(numbers, 900, new Float64Array(500))).toBe(0);
  });
});
