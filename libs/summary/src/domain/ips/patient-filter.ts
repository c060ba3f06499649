import type { FhirResource } from '../fhir/fhir-resource.js';
import { asReference } from '../fhir/reference-index.js';
import type { PatientIdentity } from './ips-patient.js';

/** The elements by which the resources of the IPS sections name their patient. */
const PATIENT_ELEMENTS = ['subject', 'patient'];

const ABSOLUTE_PATIENT_URL = /^https?:\/\/.+\/(Patient\/[^/]+?)(?:\/_history\/[^/]+)?$/;

/**
 * Whether a reference points at the patient: by `Patient/id`, by the patient's fullUrl
 * (`urn:uuid:` or absolute), by an absolute URL ending in `Patient/id`, or by one of the
 * patient's identifiers (a logical reference, or Synthea's `Patient?identifier=system|value`).
 */
export function pointsAtPatient(value: unknown, patient: PatientIdentity): boolean {
  const reference = asReference(value);
  if (reference === null) return false;
  const text = reference.reference;
  if (text !== undefined) {
    if (patient.referenceTexts.has(text)) return true;
    const absolute = ABSOLUTE_PATIENT_URL.exec(text);
    if (absolute && patient.referenceTexts.has(absolute[1])) return true;
    const conditional = /^Patient\?identifier=(.*)$/.exec(text);
    if (conditional) {
      const token = decodeURIComponent(conditional[1]);
      return patient.identifiers.some(
        ({ system, value: id }) => token === `${system ?? ''}|${id}` || token === id,
      );
    }
    return false;
  }
  const identifier = reference.identifier;
  return (
    identifier?.value !== undefined &&
    patient.identifiers.some(
      ({ system, value: id }) =>
        id === identifier.value &&
        (identifier.system === undefined || identifier.system === system),
    )
  );
}

export function belongsToPatient(resource: FhirResource, patient: PatientIdentity): boolean {
  return PATIENT_ELEMENTS.some((element) => pointsAtPatient(resource[element], patient));
}
