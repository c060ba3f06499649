import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fnv1a32 as keyHash } from '../ids/hashed-id-allocator.js';
import { HashedKeyIndex } from './hashed-key-index.js';

// Two pairs of keys with the same 32-bit hash (found by search), so the tests below go
// through a collision instead of hoping for one.
const COLLIDING = ['Practitioner/p1462789', 'Practitioner/p1679192'];
const COLLIDING_NPI = ['Practitioner?identifier=npi|368', 'Practitioner?identifier=npi|1133496'];

function indexOf(pairs: readonly (readonly [string, number])[]): HashedKeyIndex {
  const builder = HashedKeyIndex.builder();
  for (const [key, number] of pairs) builder.add(key, number);
  return builder.build();
}

/** What a Map of the keys' strings would answer. */
function exact(pairs: readonly (readonly [string, number])[], keys: readonly string[]): number[] {
  const asked = new Set(keys);
  const found = new Set(pairs.filter(([key]) => asked.has(key)).map(([, number]) => number));
  return [...found].sort((a, b) => a - b);
}

describe('fnv1a32, the hash of the index keys', () => {
  it('is FNV-1a, 32 bits, unsigned (the published test vectors)', () => {
    expect(keyHash('')).toBe(0x811c9dc5);
    expect(keyHash('a')).toBe(0xe40c292c);
    expect(keyHash('foobar')).toBe(0xbf9cf968);
  });

  it('collides for the pairs the tests rely on', () => {
    expect(keyHash(COLLIDING[0])).toBe(keyHash(COLLIDING[1]));
    expect(keyHash(COLLIDING_NPI[0])).toBe(keyHash(COLLIDING_NPI[1]));
  });
});

describe('HashedKeyIndex', () => {
  it('returns every number filed under the keys asked, ascending and distinct, and nothing else without a collision', () => {
    const key = fc.string({ unit: 'grapheme', maxLength: 60 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(key, fc.nat({ max: 0xffff_ffff })), { maxLength: 300 }),
        fc.array(key, { maxLength: 20 }),
        (pairs, others) => {
          const index = indexOf(pairs);
          expect(index.size).toBe(pairs.length);
          const asked = [...pairs.slice(0, 10).map(([k]) => k), ...others];
          const candidates = index.candidates(asked);
          const expected = exact(pairs, asked);
          const hashes = new Set(asked.map(keyHash));
          const collisions = pairs.some(([k]) => hashes.has(keyHash(k)) && !asked.includes(k));
          if (collisions) expect(candidates).toEqual(expect.arrayContaining(expected));
          else expect(candidates).toEqual(expected);
          expect(candidates).toEqual([...new Set(candidates)].sort((a, b) => a - b));
        },
      ),
    );
  });

  it('hands back a number filed under another key of the same hash as a candidate', () => {
    const index = indexOf([
      [COLLIDING[0], 1],
      [COLLIDING[1], 2],
      ['Practitioner/other', 3],
    ]);
    expect(index.candidates([COLLIDING[0]])).toEqual([1, 2]);
    expect(index.candidates(['Practitioner/other'])).toEqual([3]);
    expect(index.candidates(['Practitioner/unknown'])).toEqual([]);
  });

  it('keeps numbers up to 2^32 - 1 exactly, and refuses others', () => {
    const index = indexOf([
      ['a', 0xffff_ffff],
      ['a', 0],
      ['b', 7],
    ]);
    expect(index.candidates(['a'])).toEqual([0, 0xffff_ffff]);
    const builder = HashedKeyIndex.builder();
    for (const wrong of [-1, 0x1_0000_0000, 1.5, Number.NaN])
      expect(() => builder.add('a', wrong)).toThrow(RangeError);
  });

  it('grows past its first allocation', () => {
    const pairs = Array.from({ length: 5_000 }, (_, i) => [`Organization/${i}`, i] as const);
    const index = indexOf(pairs);
    expect(index.candidates(['Organization/0', 'Organization/4999', 'Organization/2500'])).toEqual(
      exact(pairs, ['Organization/0', 'Organization/4999', 'Organization/2500']),
    );
  });
});
