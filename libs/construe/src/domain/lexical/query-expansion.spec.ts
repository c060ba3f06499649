import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPANSION_OPTIONS, expansionTerms, lemmaCandidates } from './query-expansion.js';
import type { Synset } from './wordnet-lines.js';

/** Invented senses in WordNet's manner. */
const synset = (lemmas: string[], gloss: string): Synset => ({
  offset: 0,
  lemmas,
  pointers: [],
  gloss,
});
const FIRST = synset(['plimmet', 'gum_swelling'], 'a soft lump along the gumline');
const SECOND = synset(['plimmet'], 'a small brass token');
const BROADER = synset(['oral_lesion'], 'any sore of the mouth');
const WITH_DEFINITIONS = { ...DEFAULT_EXPANSION_OPTIONS, gloss: 0.5 };

describe('query-side expansion terms', () => {
  const terms = expansionTerms(
    'plimmets',
    [
      { synset: FIRST, pointed: [BROADER] },
      { synset: SECOND, pointed: [] },
    ],
    WITH_DEFINITIONS,
  );
  const weight = (word: string) => terms.find((term) => term.word === word)?.weight;

  it('weighs a co-lemma above a definition word and a hypernym lemma, and the first sense above the second', () => {
    expect(weight('swelling')).toBe(WITH_DEFINITIONS.lemma);
    expect(weight('gumline')).toBe(WITH_DEFINITIONS.gloss);
    expect(weight('lesion')).toBe(WITH_DEFINITIONS.pointer);
    expect(weight('brass')).toBe(WITH_DEFINITIONS.gloss / 2);
  });

  it('leaves out the word itself, stop words and words of two letters', () => {
    expect(weight('plimmet')).toBeUndefined();
    expect(weight('the')).toBeUndefined();
    expect(weight('along')).toBeDefined();
    expect(terms.every((term) => term.word.length > 2)).toBe(true);
  });

  it('reads only as many senses as asked', () => {
    const one = expansionTerms(
      'plimmet',
      [
        { synset: FIRST, pointed: [] },
        { synset: SECOND, pointed: [] },
      ],
      {
        ...WITH_DEFINITIONS,
        senses: 1,
      },
    );
    expect(one.map((term) => term.word)).not.toContain('brass');
  });

  it('leaves definition words out by default', () => {
    const plain = expansionTerms('plimmet', [{ synset: FIRST, pointed: [BROADER] }]);
    expect(plain.map((term) => term.word)).toEqual(expect.arrayContaining(['swelling', 'lesion']));
    expect(plain.map((term) => term.word)).not.toContain('gumline');
  });

  it('looks a plural up under its singular forms too', () => {
    expect(lemmaCandidates('plimmets')).toEqual(['plimmets', 'plimmet']);
    expect(lemmaCandidates('zorbies')).toEqual(['zorbies', 'zorby', 'zorbie']);
    expect(lemmaCandidates('glossitis')).toEqual(['glossitis']);
  });
});
