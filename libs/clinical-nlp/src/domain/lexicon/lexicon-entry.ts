import type { CodingRef } from '../clinical-analysis.js';

export const SNOMED = 'http://snomed.info/sct';
export const ICD10CM = 'http://hl7.org/fhir/sid/icd-10-cm';
export const LOINC = 'http://loinc.org';
export const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';
export const CPT = 'http://www.ama-assn.org/go/cpt';

/** A term of the built-in lexicon: the ways it is written and its codes, preferred first. */
export interface LexiconEntry {
  names: string[];
  codings: CodingRef[];
}

export const coding = (system: string, code: string, display: string): CodingRef => ({
  system,
  code,
  display,
});
