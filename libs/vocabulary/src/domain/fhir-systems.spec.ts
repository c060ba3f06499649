import { describe, expect, it } from 'vitest';
import { hl7ConceptId, systemForVocabularyId, vocabularyIdForSystem } from './fhir-systems.js';

describe('FHIR systems and OMOP vocabularies', () => {
  it.each([
    ['http://snomed.info/sct', 'SNOMED'],
    ['http://loinc.org', 'LOINC'],
    ['http://www.nlm.nih.gov/research/umls/rxnorm', 'RxNorm'],
    ['http://hl7.org/fhir/sid/icd-10-cm', 'ICD10CM'],
    ['http://hl7.org/fhir/sid/icd-9-cm', 'ICD9CM'],
    ['http://hl7.org/fhir/sid/cvx', 'CVX'],
    ['http://hl7.org/fhir/sid/ndc', 'NDC'],
    ['http://www.ama-assn.org/go/cpt', 'CPT4'],
    ['https://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets', 'HCPCS'],
    ['http://unitsofmeasure.org', 'UCUM'],
    ['urn:oid:2.16.840.1.113883.6.96', 'SNOMED'],
    ['HTTP://LOINC.ORG/', 'LOINC'],
  ])('maps %s to %s', (uri, vocabularyId) => {
    expect(vocabularyIdForSystem(uri)).toBe(vocabularyId);
  });

  it('maps back to the canonical URI and knows nothing of unknown systems', () => {
    expect(systemForVocabularyId('RxNorm')).toBe('http://www.nlm.nih.gov/research/umls/rxnorm');
    expect(vocabularyIdForSystem('http://example.org/local-codes')).toBeUndefined();
  });

  it('gives the conventional concepts of HL7 gender, race, ethnicity and encounter class', () => {
    expect(hl7ConceptId('http://hl7.org/fhir/administrative-gender', 'female')).toBe(8532);
    expect(hl7ConceptId('urn:oid:2.16.840.1.113883.6.238', '2106-3')).toBe(8527);
    expect(hl7ConceptId('urn:oid:2.16.840.1.113883.6.238', '2135-2')).toBe(38003563);
    expect(hl7ConceptId('http://terminology.hl7.org/CodeSystem/v3-ActCode', 'EMER')).toBe(9203);
    expect(hl7ConceptId('http://terminology.hl7.org/CodeSystem/v3-ActCode', 'XYZ')).toBeUndefined();
  });
});
