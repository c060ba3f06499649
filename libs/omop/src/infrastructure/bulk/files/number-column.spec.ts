import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NumberColumn } from './number-column.js';

describe('NumberColumn', () => {
  it('gives back every number pushed, in order, past its growth', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 0xffff_ffff }), { maxLength: 3_000 }),
        fc.array(fc.double({ noNaN: true }), { maxLength: 3_000 }),
        (uint32s, doubles) => {
          const small = NumberColumn.uint32();
          const wide = NumberColumn.float64();
          for (const value of uint32s) small.push(value);
          for (const value of doubles) wide.push(value);
          expect(Array.from({ length: small.length }, (_, i) => small.get(i))).toEqual(uint32s);
          expect(Array.from({ length: wide.length }, (_, i) => wide.get(i))).toEqual(doubles);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('refuses a number its array would change, and an index past the end', () => {
    const column = NumberColumn.uint32();
    for (const wrong of [-1, 0x1_0000_0000, 2.5])
      expect(() => column.push(wrong)).toThrow(RangeError);
    expect(column.length).toBe(0);
    column.push(7);
    expect(() => column.get(1)).toThrow(RangeError);
    expect(() => column.get(-1)).toThrow(RangeError);
    const positions = NumberColumn.float64();
    positions.push(2 ** 40 + 1);
    expect(positions.get(0)).toBe(2 ** 40 + 1);
  });
});
