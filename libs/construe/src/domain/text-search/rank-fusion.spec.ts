import { describe, expect, it } from 'vitest';
import { fuseRankings } from './rank-fusion.js';

describe('fuseRankings', () => {
  it('puts an item that both rankings place high above one that only one ranks first', () => {
    const fused = fuseRankings(
      [
        { items: ['a', 'b', 'c'], weight: 1 },
        { items: ['d', 'b', 'e'], weight: 1 },
      ],
      (item) => item,
    );
    expect(fused[0].item).toBe('b');
  });

  it('lets the heavier ranking decide between items each ranks first', () => {
    const fused = fuseRankings(
      [
        { items: ['lexical'], weight: 1 },
        { items: ['vector'], weight: 0.5 },
      ],
      (item) => item,
    );
    expect(fused.map((entry) => entry.item)).toEqual(['lexical', 'vector']);
  });
});
