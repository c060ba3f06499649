import { logicalReference, normalizeReference, type FhirResourceLike } from './fhir-references.js';

// Where the resources the mapper reads name their patient; the first present wins.
const PATIENT_FIELDS = ['subject', 'patient', 'beneficiary'] as const;

/** Types a `subject` may name that are not a patient: such a resource has no compartment. */
const NOT_A_PATIENT = /^(Group|Location|Device|Organization|Practitioner|Medication|Substance)[/?]/;

/**
 * The normalized reference to the patient a resource belongs to, or undefined for shared
 * resources (Practitioner, Organization, Location, Medication…) that belong to nobody.
 * Patients themselves are routed by their own key, not through this.
 */
export function patientReferenceOf(resource: FhirResourceLike): string | undefined {
  for (const field of PATIENT_FIELDS) {
    const value = resource[field];
    if (typeof value !== 'object' || value === null) continue;
    const reference = (value as { reference?: unknown }).reference;
    const normalized =
      typeof reference === 'string' && reference !== '' && !reference.startsWith('#')
        ? normalizeReference(reference)
        : logicalReference(value, 'Patient');
    if (normalized === undefined) continue;
    if (NOT_A_PATIENT.test(normalized)) continue;
    return normalized;
  }
  return undefined;
}
