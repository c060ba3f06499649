import { describe, expect, it } from 'vitest';
import { findMatches, type RenderedCandidate } from './find-spans.js';

const candidate = (
  text: string,
  rank = 0,
  order = 0,
  isAge = false,
): RenderedCandidate<string> => ({
  source: text,
  texts: [text],
  rank,
  order,
  isAge,
});

const found = (text: string, candidates: RenderedCandidate<string>[]) =>
  findMatches(text, candidates).map((match) => [
    text.slice(match.start, match.end),
    match.candidate.source,
  ]);

describe('finding example values in the text', () => {
  it('matches whole words only', () => {
    expect(found('a female patient', [candidate('male')])).toEqual([]);
    expect(found('a male patient', [candidate('male')])).toEqual([['male', 'male']]);
  });

  it('prefers the longer match, then the better rank, then the earlier candidate', () => {
    expect(
      found('Ann Beth Ames', [candidate('Ann'), candidate('Ann Beth'), candidate('Ames')]),
    ).toEqual([
      ['Ann Beth', 'Ann Beth'],
      ['Ames', 'Ames'],
    ]);
    expect(
      found('Asthma', [
        { ...candidate('Asthma', 2, 0), source: 'display' },
        { ...candidate('Asthma', 1, 1), source: 'text' },
      ]),
    ).toEqual([['Asthma', 'text']]);
  });

  it('takes a number for an age only where the text says it is one', () => {
    const age = candidate('45', 0, 0, true);
    expect(found('45 mg twice', [age])).toEqual([]);
    expect(found('a 45-year-old', [age])).toEqual([['45', '45']]);
    expect(found('aged 45', [age])).toEqual([['45', '45']]);
    expect(found('45 years', [age])).toEqual([['45', '45']]);
  });

  it('finds every occurrence', () => {
    expect(found('Ann and Ann', [candidate('Ann')])).toHaveLength(2);
  });
});
