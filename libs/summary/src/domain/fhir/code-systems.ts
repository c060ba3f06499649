/** Names readers know for the code systems that occur most in clinical data. */
const KNOWN_SYSTEMS: Record<string, string> = {
  'http://snomed.info/sct': 'SNOMED CT',
  'http://loinc.org': 'LOINC',
  'http://www.nlm.nih.gov/research/umls/rxnorm': 'RxNorm',
  'http://hl7.org/fhir/sid/cvx': 'CVX',
  'http://hl7.org/fhir/sid/icd-10-cm': 'ICD-10-CM',
  'http://hl7.org/fhir/sid/icd-10': 'ICD-10',
  'http://hl7.org/fhir/sid/ndc': 'NDC',
  'http://www.ama-assn.org/go/cpt': 'CPT',
  'http://unitsofmeasure.org': 'UCUM',
  'http://www.whocc.no/atc': 'ATC',
  'urn:oid:2.16.840.1.113883.6.238': 'CDC Race and Ethnicity',
};

export function codeSystemName(system: string | undefined): string | null {
  if (system === undefined) return null;
  if (KNOWN_SYSTEMS[system]) return KNOWN_SYSTEMS[system];
  const terminology = /^http:\/\/terminology\.hl7\.org\/CodeSystem\/(.+)$/.exec(system);
  return terminology ? `HL7 ${terminology[1]}` : null;
}
