import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedEditDistance } from '@app/shared';
import { editDistanceFloor, letterMask } from './letter-mask.js';

describe('editDistanceFloor', () => {
  it('never exceeds the edit distance with transpositions', () => {
    // A small alphabet makes near words (one or two edits apart) common; the second word is
    // often an edit of the first.
    const word = fc.stringMatching(/^[a-e0-9]{0,12}$/);
    const edited = word.chain((first) =>
      fc.tuple(
        fc.constant(first),
        fc.oneof(
          word,
          fc
            .tuple(fc.nat(), fc.stringMatching(/^[a-h]{0,2}$/), fc.nat(2))
            .map(([at, inserted, removed]) => {
              const cut = at % (first.length + 1);
              return first.slice(0, cut) + inserted + first.slice(cut + removed);
            }),
        ),
      ),
    );
    fc.assert(
      fc.property(edited, ([a, b]) => {
        const distance = boundedEditDistance(a, b, 30);
        expect(editDistanceFloor(letterMask(a), letterMask(b))).toBeLessThanOrEqual(distance);
      }),
      { numRuns: 300 },
    );
  });

  it('counts the characters one word has and the other lacks', () => {
    expect(editDistanceFloor(letterMask('fibrilation'), letterMask('fibrillation'))).toBe(0);
    expect(editDistanceFloor(letterMask('hyperlipdemia'), letterMask('hyperlipidemia'))).toBe(0);
    expect(editDistanceFloor(letterMask('cat'), letterMask('dog'))).toBe(3);
    expect(editDistanceFloor(letterMask('cast'), letterMask('cat'))).toBe(1);
  });
});
