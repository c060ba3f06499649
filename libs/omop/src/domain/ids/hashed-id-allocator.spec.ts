import { describe, expect, it } from 'vitest';
import { HashedOmopIdAllocator, hashedId } from './hashed-id-allocator.js';

describe('HashedOmopIdAllocator', () => {
  it('gives a positive 31-bit id that depends only on table and source key', () => {
    const first = new HashedOmopIdAllocator().idFor('person', 'Patient/123');
    const second = new HashedOmopIdAllocator().idFor('person', 'Patient/123');
    expect(first).toBe(second);
    expect(first).toBe(hashedId('person', 'Patient/123'));
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(0x7fffffff);
    expect(new HashedOmopIdAllocator().idFor('visit_occurrence', 'Patient/123')).not.toBe(first);
  });

  it('returns the same id when asked twice for one key', () => {
    const ids = new HashedOmopIdAllocator();
    expect(ids.idFor('measurement', 'Observation/9#component[1]')).toBe(
      ids.idFor('measurement', 'Observation/9#component[1]'),
    );
  });

  it('never gives two keys of one table the same id, and resolves collisions in allocation order', () => {
    const ids = new HashedOmopIdAllocator();
    const seen = new Set<number>();
    for (let index = 0; index < 100_000; index++)
      seen.add(ids.idFor('observation', `Observation/${index}`));
    expect(seen.size).toBe(100_000);
    const again = new HashedOmopIdAllocator();
    for (let index = 0; index < 100_000; index++) {
      if (!seen.has(again.idFor('observation', `Observation/${index}`)))
        throw new Error('not deterministic');
    }
  });
});
