import { describe, expect, it } from 'vitest';
import { chooseNonOverlapping, phraseCandidates, words } from './phrase-candidates.js';

describe('phrase candidates', () => {
  it('finds words with their offsets, keeping codes with dots whole', () => {
    expect(words('Dx: E11.9, HTN.')).toEqual([
      { text: 'Dx', start: 0, end: 2 },
      { text: 'E11.9', start: 4, end: 9 },
      { text: 'HTN', start: 11, end: 14 },
    ]);
  });

  it('keys phrases by lower-cased text with single spaces', () => {
    const candidates = phraseCandidates('Essential   Hypertension noted');
    expect(candidates.get('essential hypertension')).toEqual([
      { text: 'Essential   Hypertension', start: 0, end: 24 },
    ]);
    expect(candidates.has('hypertension noted')).toBe(true);
  });

  it('keeps the longest of overlapping matches', () => {
    const chosen = chooseNonOverlapping([
      { text: 'hypertension', start: 10, end: 22 },
      { text: 'essential hypertension', start: 0, end: 22 },
      { text: 'fever', start: 30, end: 35 },
    ]);
    expect(chosen.map((match) => match.text)).toEqual(['essential hypertension', 'fever']);
  });
});
