/** Canonical URIs of the code systems lang2fhir writes. */
export const SYSTEM = {
  SNOMED: 'http://snomed.info/sct',
  LOINC: 'http://loinc.org',
  RXNORM: 'http://www.nlm.nih.gov/research/umls/rxnorm',
  ICD10CM: 'http://hl7.org/fhir/sid/icd-10-cm',
  CPT: 'http://www.ama-assn.org/go/cpt',
  UCUM: 'http://unitsofmeasure.org',
  CONDITION_CLINICAL: 'http://terminology.hl7.org/CodeSystem/condition-clinical',
  CONDITION_VERIFICATION: 'http://terminology.hl7.org/CodeSystem/condition-ver-status',
  CONDITION_CATEGORY: 'http://terminology.hl7.org/CodeSystem/condition-category',
  OBSERVATION_CATEGORY: 'http://terminology.hl7.org/CodeSystem/observation-category',
  OBSERVATION_INTERPRETATION: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
  ACT_CODE: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
  IDENTIFIER_TYPE: 'http://terminology.hl7.org/CodeSystem/v2-0203',
  DATA_ABSENT_REASON: 'http://terminology.hl7.org/CodeSystem/data-absent-reason',
  ALLERGY_CLINICAL: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical',
  ALLERGY_VERIFICATION: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification',
  CAREPLAN_CATEGORY: 'http://hl7.org/fhir/us/core/CodeSystem/careplan-category',
  MEDICATION_REQUEST_CATEGORY: 'http://terminology.hl7.org/CodeSystem/medicationrequest-category',
  PAYER_TYPE: 'https://nahdo.org/sopt',
  SUBSCRIBER_RELATIONSHIP: 'http://terminology.hl7.org/CodeSystem/subscriber-relationship',
  COVERAGE_CLASS: 'http://terminology.hl7.org/CodeSystem/coverage-class',
  SSN: 'http://hl7.org/fhir/sid/us-ssn',
} as const;

export const DATA_ABSENT_REASON_URL = 'http://hl7.org/fhir/StructureDefinition/data-absent-reason';

/** Identifier systems of this service for values the text gives without their issuer. */
export const GENERATED_ID_SYSTEM = 'urn:clinical-interop:lang2fhir-generated-id';
export const TEXT_MRN_SYSTEM = 'urn:clinical-interop:lang2fhir-mrn';
export const TEXT_IDENTIFIER_SYSTEM = 'urn:clinical-interop:lang2fhir-identifier';

const SHORT_NAMES: Record<string, string> = {
  SNOMED: SYSTEM.SNOMED,
  SNOMEDCT: SYSTEM.SNOMED,
  SNOMED_CT: SYSTEM.SNOMED,
  SNOMED_CT_US_LITE: SYSTEM.SNOMED,
  SCT: SYSTEM.SNOMED,
  LOINC: SYSTEM.LOINC,
  LNC: SYSTEM.LOINC,
  RXNORM: SYSTEM.RXNORM,
  ICD10CM: SYSTEM.ICD10CM,
  'ICD-10-CM': SYSTEM.ICD10CM,
  CPT: SYSTEM.CPT,
  CPT4: SYSTEM.CPT,
  UCUM: SYSTEM.UCUM,
};

/** A system URI for what the text engine or a search returned: a short name, or already a URI. */
export function systemUri(system: string): string {
  return SHORT_NAMES[system.toUpperCase().replace(/\s+/g, '_')] ?? system;
}
