/**
 * OMOP Type Concepts (provenance of a record), chosen from the resource and the category
 * or context it carries (IG f2o-051); the general EHR concept when nothing more specific
 * is known (f2o-052), patient self-report when the source says the patient reported it
 * (f2o-053).
 */
export const TypeConcept = {
  EHR: 32817,
  EHR_ADMINISTRATION_RECORD: 32818,
  EHR_DISPENSING_RECORD: 32825,
  EHR_ENCOUNTER_RECORD: 32827,
  EHR_PRESCRIPTION: 32838,
  EHR_PROBLEM_LIST: 32840,
  GOVERNMENT_REPORT: 32848,
  LAB: 32856,
  PATIENT_SELF_REPORT: 32865,
} as const;

/** Immunization.reportOrigin (IG ConceptMap ImmunizationSource). */
export const IMMUNIZATION_ORIGIN: Readonly<Record<string, number>> = {
  recall: TypeConcept.PATIENT_SELF_REPORT,
  record: TypeConcept.GOVERNMENT_REPORT,
  school: TypeConcept.GOVERNMENT_REPORT,
  provider: TypeConcept.EHR_ADMINISTRATION_RECORD,
};

/** Condition.category codes. */
export const CONDITION_CATEGORY: Readonly<Record<string, number>> = {
  'encounter-diagnosis': TypeConcept.EHR_ENCOUNTER_RECORD,
  'problem-list-item': TypeConcept.EHR_PROBLEM_LIST,
};

/** Resource types whose authorship means "the patient reported it". */
export const PATIENT_AUTHORS = ['Patient', 'RelatedPerson'];
