import { coding, RXNORM, SNOMED, type LexiconEntry } from './lexicon-entry.js';

/** Allergy statements with a code of their own, and common non-drug allergens. */
export const ALLERGY_LEXICON: LexiconEntry[] = [
  {
    names: ['nkda', 'no known drug allergies', 'no known drug allergy', 'nkda.'],
    codings: [coding(SNOMED, '409137002', 'No known drug allergy')],
  },
  {
    names: ['nka', 'no known allergies', 'no known allergy'],
    codings: [coding(SNOMED, '716186003', 'No known allergy')],
  },
  { names: ['penicillin', 'penicillins', 'pcn'], codings: [coding(RXNORM, '70618', 'penicillin')] },
  {
    names: ['sulfa', 'sulfa drugs', 'sulfonamides'],
    codings: [coding(SNOMED, '387406002', 'Sulfonamide')],
  },
  { names: ['latex'], codings: [coding(SNOMED, '111088007', 'Latex')] },
  { names: ['peanut', 'peanuts'], codings: [coding(SNOMED, '762952008', 'Peanut')] },
];
