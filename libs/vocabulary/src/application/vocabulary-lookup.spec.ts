import { describe, expect, it } from 'vitest';
import type { AncestorLink } from '../domain/concept.js';
import type { ConceptReader } from './ports/concept-reader.js';
import { VocabularyLookup } from './vocabulary-lookup.js';

/** A reader over a fixed ancestor table and release list that counts what it is asked. */
function countingReader(failFirst = false) {
  const asked = { ancestors: 0, versions: 0 };
  const reader = {
    ancestors(conceptId: number): Promise<AncestorLink[]> {
      asked.ancestors += 1;
      if (failFirst && asked.ancestors === 1) return Promise.reject(new Error('connection lost'));
      return Promise.resolve([
        { ancestorConceptId: 4_000 + conceptId, minLevels: 1, maxLevels: 1 },
      ]);
    },
    vocabularyVersion(vocabularyId: string): Promise<string | null> {
      asked.versions += 1;
      return Promise.resolve(vocabularyId === 'SNOMED' ? '2024-09' : null);
    },
  } as unknown as ConceptReader;
  return { reader, asked };
}

describe('VocabularyLookup caches', () => {
  it('asks the ancestors of a concept and the release of a vocabulary once, even when asked at once', async () => {
    const { reader, asked } = countingReader();
    const lookup = new VocabularyLookup(reader, 100);
    const links = await Promise.all([
      lookup.ancestors(7),
      lookup.ancestors(7),
      lookup.ancestors(8),
    ]);
    expect(links.map((found) => found[0].ancestorConceptId)).toEqual([4_007, 4_007, 4_008]);
    expect(asked.ancestors).toBe(2);
    expect(await lookup.vocabularyVersion('SNOMED')).toBe('2024-09');
    expect(await lookup.vocabularyVersion('LOINC')).toBeNull();
    await lookup.vocabularyVersion('SNOMED');
    expect(asked.versions).toBe(2);
    // A new import makes every cached answer stale.
    lookup.forget();
    await lookup.ancestors(7);
    await lookup.vocabularyVersion('SNOMED');
    expect(asked).toEqual({ ancestors: 3, versions: 3 });
  });

  it('forgets a failed lookup, so the next call asks again', async () => {
    const { reader, asked } = countingReader(true);
    const lookup = new VocabularyLookup(reader, 100);
    await expect(lookup.ancestors(7)).rejects.toThrow('connection lost');
    expect((await lookup.ancestors(7))[0].ancestorConceptId).toBe(4_007);
    expect(asked.ancestors).toBe(2);
  });
});
