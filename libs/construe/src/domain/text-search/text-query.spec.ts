import { describe, expect, it } from 'vitest';
import {
  allTermsQuery,
  buildTerms,
  fallbackQuery,
  FALLBACK_MAX_DOCS,
  searchWords,
  termQuery,
} from './text-query.js';

describe('searchWords', () => {
  it('lower-cases, splits on punctuation and drops repeats', () => {
    expect(searchWords('Fracture, RIGHT femur; fracture')).toEqual(['fracture', 'right', 'femur']);
  });

  it('follows an abbreviation with its expansion', () => {
    expect(searchWords('copd exacerbation')).toEqual([
      'copd',
      'chronic',
      'obstructive',
      'pulmonary',
      'disease',
      'exacerbation',
    ]);
  });

  it('keeps at most twelve words', () => {
    expect(searchWords('a b c d e f g h i j k l m n o')).toHaveLength(12);
  });
});

describe('buildTerms', () => {
  it('keeps only the exact lexeme when the system knows it', () => {
    const terms = buildTerms(
      [
        { position: 1, lexeme: 'femur', candidate: 'femur', ndoc: 900 },
        { position: 1, lexeme: 'femur', candidate: 'femor', ndoc: 30 },
      ],
      90_000,
    );
    expect(terms).toHaveLength(1);
    expect(terms[0].alternatives).toEqual([{ lexeme: 'femur', ndoc: 900 }]);
  });

  it('uses the look-alikes of a misspelled word, the most frequent setting its weight', () => {
    const terms = buildTerms(
      [
        { position: 1, lexeme: 'zostr', candidate: 'zoster', ndoc: 120 },
        { position: 1, lexeme: 'zostr', candidate: 'ostr', ndoc: 2 },
      ],
      90_000,
    );
    expect(terms[0].alternatives.map((alternative) => alternative.lexeme)).toEqual([
      'zoster',
      'ostr',
    ]);
    expect(terms[0].ndoc).toBe(120);
  });

  it('weighs rare terms above common ones, the weights summing to one', () => {
    const terms = buildTerms(
      [
        { position: 1, lexeme: 'unspecifi', candidate: 'unspecifi', ndoc: 30_000 },
        { position: 2, lexeme: 'anemia', candidate: 'anemia', ndoc: 80 },
      ],
      90_000,
    );
    const [common, rare] = terms;
    expect(rare.weight).toBeGreaterThan(common.weight);
    expect(common.weight + rare.weight).toBeCloseTo(1, 10);
  });

  it('merges two words with the same lexeme', () => {
    const terms = buildTerms(
      [
        { position: 1, lexeme: 'fractur', candidate: 'fractur', ndoc: 10 },
        { position: 2, lexeme: 'fractur', candidate: 'fractur', ndoc: 10 },
      ],
      100,
    );
    expect(terms).toHaveLength(1);
  });
});

describe('tsquery text', () => {
  const terms = buildTerms(
    [
      { position: 1, lexeme: 'femur', candidate: 'femur', ndoc: 900 },
      { position: 2, lexeme: 'fractr', candidate: 'fractur', ndoc: FALLBACK_MAX_DOCS + 1 },
      { position: 2, lexeme: 'fractr', candidate: "o'fract", ndoc: 1 },
    ],
    90_000,
  );

  it('ORs the alternatives of a term and quotes each lexeme', () => {
    expect(termQuery(terms[1])).toBe("('fractur' | 'o''fract')");
  });

  it('ANDs every term', () => {
    expect(allTermsQuery(terms)).toBe("('femur') & ('fractur' | 'o''fract')");
  });

  it('falls back to the rarest term alone when it is rare enough', () => {
    expect(fallbackQuery(terms)).toBe("('femur')");
  });

  it('narrows a common rarest term by the next one', () => {
    const common = buildTerms(
      [
        { position: 1, lexeme: 'right', candidate: 'right', ndoc: 20_000 },
        { position: 2, lexeme: 'left', candidate: 'left', ndoc: 19_000 },
      ],
      90_000,
    );
    expect(fallbackQuery(common)).toBe("('left') & ('right')");
  });

  it('has no fallback for a one-term query', () => {
    expect(fallbackQuery(terms.slice(0, 1))).toBeNull();
  });
});
