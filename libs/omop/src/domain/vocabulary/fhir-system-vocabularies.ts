/**
 * FHIR system URI → OMOP vocabulary_id for the in-memory source. The service itself uses
 * @app/vocabulary's table; this short list covers what tests and the benchmark need.
 */
const SYSTEMS: Readonly<Record<string, string>> = {
  'http://snomed.info/sct': 'SNOMED',
  'http://loinc.org': 'LOINC',
  'http://www.nlm.nih.gov/research/umls/rxnorm': 'RxNorm',
  'http://hl7.org/fhir/sid/icd-10-cm': 'ICD10CM',
  'http://hl7.org/fhir/sid/cvx': 'CVX',
  'http://hl7.org/fhir/sid/ndc': 'NDC',
  'http://unitsofmeasure.org': 'UCUM',
  'http://nucc.org/provider-taxonomy': 'NUCC',
};

export function vocabularyIdForFhirSystem(uri: string): string | undefined {
  return SYSTEMS[uri.trim().replace(/\/$/, '')];
}
