import { describe, expect, it } from 'vitest';
import {
  crosswalkTargets,
  NO_TARGET_MATCHES,
  standardConceptsOf,
  UNSUPPORTED_TARGET_SYSTEM,
  type ConceptLink,
  type VocabularyConcept,
} from './crosswalk.js';

// A hand-made miniature vocabulary: one ICD-10-CM code mapping to one SNOMED concept that
// two ICD-9-CM codes and the ICD-10-CM code itself map from.
const concept = (
  conceptId: number,
  vocabularyId: string,
  conceptCode: string,
  standardConcept: 'S' | null = null,
): VocabularyConcept => ({
  conceptId,
  conceptName: `${vocabularyId} ${conceptCode}`,
  vocabularyId,
  conceptCode,
  standardConcept,
});
const icd10 = concept(1, 'ICD10CM', 'X01.1');
const snomed = concept(2, 'SNOMED', '1000', 'S');
const icd9a = concept(3, 'ICD9CM', '100.1');
const icd9b = concept(4, 'ICD9CM', '100.2');
const loinc = concept(5, 'LOINC', '9-9');
const link = (relationshipId: string, target: VocabularyConcept): ConceptLink => ({
  relationshipId,
  concept: target,
});

const icd10Links = [link('Maps to', snomed), link('Has asso finding', loinc)];
const snomedLinks = [
  link('Mapped from', icd10),
  link('Mapped from', icd9a),
  link('Mapped from', icd9b),
  link('Maps to', snomed),
];

describe('crosswalk over Maps to / Mapped from', () => {
  it('a non-standard source stands for its Maps to targets; a standard one for itself', () => {
    expect(standardConceptsOf(icd10, icd10Links)).toEqual([snomed]);
    expect(standardConceptsOf(snomed, snomedLinks)).toEqual([snomed]);
    expect(standardConceptsOf(icd9a, [])).toEqual([]);
  });

  it('reaches the standard concept, the codes mapped from it, and direct relationships', () => {
    const standards = [{ concept: snomed, links: snomedLinks }];
    const targets = crosswalkTargets(icd10, icd10Links, standards, [
      { uri: 'sct', vocabularyId: 'SNOMED' },
      { uri: 'icd9', vocabularyId: 'ICD9CM' },
      { uri: 'loinc', vocabularyId: 'LOINC' },
      { uri: 'icd10', vocabularyId: 'ICD10CM' },
      { uri: 'urn:unknown', vocabularyId: undefined },
    ]);
    expect(targets).toEqual([
      { system: 'sct', matches: [{ code: '1000', display: 'SNOMED 1000', cui: '2' }] },
      {
        system: 'icd9',
        matches: [
          { code: '100.1', display: 'ICD9CM 100.1', cui: '2' },
          { code: '100.2', display: 'ICD9CM 100.2', cui: '2' },
        ],
      },
      { system: 'loinc', matches: [{ code: '9-9', display: 'LOINC 9-9', cui: '1' }] },
      // The source itself is not its own equivalent.
      { system: 'icd10', matches: [], reason_code: NO_TARGET_MATCHES },
      { system: 'urn:unknown', matches: [], reason_code: UNSUPPORTED_TARGET_SYSTEM },
    ]);
  });

  it('going back from SNOMED finds every ICD code mapped to it', () => {
    const targets = crosswalkTargets(
      snomed,
      snomedLinks,
      [{ concept: snomed, links: snomedLinks }],
      [{ uri: 'icd10', vocabularyId: 'ICD10CM' }],
    );
    expect(targets[0].matches.map((match) => match.code)).toEqual(['X01.1']);
  });
});
