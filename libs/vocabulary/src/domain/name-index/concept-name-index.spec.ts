import { describe, expect, it } from 'vitest';
import { ConceptNameIndex, type NamedConcept } from './concept-name-index.js';
import { boundedEditDistance } from '@app/shared';
import { indexWords } from './index-words.js';

let nextId = 1;
const concept = (
  vocabularyId: string,
  code: string,
  name: string,
  conceptClassId = 'Clinical Finding',
): NamedConcept => ({
  conceptId: nextId++,
  vocabularyId,
  code,
  name,
  conceptClassId,
  standard: true,
});

const aspirin = concept('RxNorm', '1191', 'aspirin', 'Ingredient');
const aspirinTablet = concept('RxNorm', '243670', 'aspirin 81 MG Oral Tablet', 'Clinical Drug');
const branded = concept('RxNorm', '900', 'aspirin 81 MG Oral Tablet [Bayprin]', 'Branded Drug');
const zolpidem = concept('RxNorm', '39993', 'zolpidem', 'Ingredient');
const zolpidemBranded = concept(
  'RxNorm',
  '901',
  'zolpidem tartrate 10 MG Oral Tablet [Sleepwell]',
  'Branded Drug',
);
const quantOnly = concept(
  'RxNorm',
  '902',
  '1 ML somatropin 5 MG/ML Injection',
  'Quant Clinical Drug',
);
const index = ConceptNameIndex.build(
  [
    concept('ICD10CM', 'F31.81', 'Bipolar II disorder'),
    concept('ICD10CM', 'F31.9', 'Bipolar disorder, unspecified'),
    concept('ICD10CM', 'F31.0', 'Bipolar disorder, current episode hypomanic'),
    concept('SNOMED', '22298006', 'Myocardial infarction'),
    concept('SNOMED', '57054005', 'Acute myocardial infarction'),
    aspirin,
    aspirinTablet,
    branded,
    zolpidem,
    zolpidemBranded,
    quantOnly,
  ],
  // The Sleepwell product reaches its ingredient through a relationship, not its name.
  [{ from: zolpidemBranded.conceptId, to: zolpidem.conceptId, relationshipId: 'RxNorm has ing' }],
);

describe('index words', () => {
  it('folds plurals and the roman numerals of types, and drops joining words', () => {
    expect(indexWords('Bipolar II disorder')).toEqual(['bipolar', '2', 'disorder']);
    expect(indexWords('History of kidney stones')).toEqual(['history', 'kidney', 'stone']);
    expect(indexWords('albuterol 0.09 MG/ACTUAT')).toEqual(['albuterol', '0.09', 'mg', 'actuat']);
  });

  it('counts edits, a swap of neighbours as one, and gives up past the limit', () => {
    expect(boundedEditDistance('ibuproefn', 'ibuprofen', 2)).toBe(1);
    expect(boundedEditDistance('metformin', 'metoprolol', 2)).toBe(3);
  });
});

describe('ConceptNameIndex', () => {
  it('ranks the name holding every word of the phrase, with the fewest extra words, first', () => {
    const hits = index.search('ICD10CM', 'bipolar type 2 disorder', 3);
    expect(hits[0]).toMatchObject({ code: 'F31.81', display: 'Bipolar II disorder' });
    expect(index.search('SNOMED', 'myocardial infarction', 2).map((h) => h.code)).toEqual([
      '22298006',
      '57054005',
    ]);
    expect(index.search('LOINC', 'hemoglobin', 5)).toEqual([]);
  });

  it('respells a word the names do not hold, and leaves known words and other text alone', () => {
    expect(index.respell('SNOMED', 'myocardail infarction')).toBe('myocardial infarction');
    expect(index.respell('RxNorm', 'Asprin 81 mg')).toBe('aspirin 81 mg');
    expect(index.respell('SNOMED', 'acute myocardial infarction')).toBe(
      'acute myocardial infarction',
    );
    expect(index.respell('SNOMED', 'sunburn')).toBe('sunburn');
  });

  it('gives the ingredients of a brand, through relationships or the ingredient it names', () => {
    expect(index.brandIngredients('Sleepwell')).toEqual(['zolpidem']);
    expect(index.brandIngredients('bayprin')).toEqual(['aspirin']);
    expect(index.brandIngredients('Unknownol')).toEqual([]);
  });

  it('spots drug names in text: ingredients, brands, misspellings, leading words of a product', () => {
    const spotted = (text: string) => index.drugNamesIn(text).map((found) => found.text);
    expect(spotted('Started sleepwell 10mg at night')).toEqual(['sleepwell']);
    expect(spotted('Rx zolpidme 5 mg')).toEqual(['zolpidme']);
    expect(spotted('somatropin 5 mg/mL injection weekly')).toEqual(['somatropin']);
    expect(spotted('Follow up in two weeks')).toEqual([]);
  });
});
