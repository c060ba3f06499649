import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeClinicalText } from './analyze-clinical-text.js';

// Issue #13: the text engine never throws; any text gives an analysis of that text.
const WORDS = [
  'Patient',
  'denies',
  'no',
  'chest pain',
  'BP',
  '120/80',
  'HR',
  'mg',
  'PO',
  'BID',
  'q6h',
  'prn',
  'metformin',
  '500',
  'allergic to',
  'penicillin',
  'history of',
  'diabetes',
  'mother',
  'since',
  '2019',
  '12/31/2020',
  'yesterday',
  'years old',
  '45-year-old',
  'male',
  'MRN',
  ':',
  '.',
  ',',
  '(',
  ')',
  '%',
  '°F',
  '\n',
  '\u0000',
  '😀',
];
const text = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.array(fc.constantFrom(...WORDS), { maxLength: 60 }).map((words) => words.join(' ')),
  fc.array(fc.constantFrom(...WORDS), { maxLength: 40 }).map((words) => words.join('')),
);

describe('analyzeClinicalText on arbitrary text (property)', () => {
  it('returns an analysis of the text it was given, never throws', () => {
    fc.assert(
      fc.property(text, (input) => {
        const analysis = analyzeClinicalText(input, {
          referenceDate: new Date('2024-05-10T12:00:00Z'),
        });
        expect(analysis.text).toBe(input);
        expect(Array.isArray(analysis.sentences)).toBe(true);
      }),
      { seed: 13, numRuns: 500 },
    );
  });
});
