import type { FhirInput, ResourceEntry } from '../fhir/fhir-input.js';
import type { FhirResource } from '../fhir/fhir-resource.js';
import { preferredName } from '../fhir/format-value.js';
import { SummaryError, SummaryErrorCodes } from '../summary-errors.js';

export interface PatientIdentity {
  entry: ResourceEntry;
  /** Every reference text that points at this patient: Patient/id, the fullUrl, absolute URLs. */
  referenceTexts: Set<string>;
  identifiers: { system: string | undefined; value: string }[];
  name: string;
}

function identifiersOf(resource: FhirResource): PatientIdentity['identifiers'] {
  const identifiers = Array.isArray(resource.identifier) ? (resource.identifier as unknown[]) : [];
  return identifiers.flatMap((identifier) => {
    const { system, value } = (identifier ?? {}) as { system?: unknown; value?: unknown };
    return typeof value === 'string' && value !== ''
      ? [{ system: typeof system === 'string' ? system : undefined, value }]
      : [];
  });
}

/**
 * The one Patient an IPS is about. ips needs a Bundle with exactly one Patient, and that
 * Patient needs something references can point at: an id, a fullUrl or an identifier.
 */
export function findIpsPatient(input: FhirInput): PatientIdentity {
  if (!input.isBundle) {
    throw new SummaryError(
      'invalid',
      SummaryErrorCodes.IPS_NEEDS_BUNDLE,
      'ips mode needs fhir_resources to be a Bundle holding one Patient and their data',
    );
  }
  const patients = input.entries.filter((entry) => entry.resource.resourceType === 'Patient');
  const patient = patients[0];
  if (patient === undefined || patients.length > 1) {
    const found = patients
      .map((entry) => entry.resource.id ?? entry.fullUrl ?? '(no id)')
      .join(', ');
    throw new SummaryError(
      'invalid',
      SummaryErrorCodes.IPS_PATIENT_COUNT,
      `ips mode needs exactly one Patient in the Bundle; found ${patients.length}${found ? ` (${found})` : ''}`,
      { patients: patients.length },
    );
  }
  const { resource, fullUrl } = patient;
  const identifiers = identifiersOf(resource);
  if (resource.id === undefined && fullUrl === null && identifiers.length === 0) {
    throw new SummaryError(
      'invalid',
      SummaryErrorCodes.IPS_PATIENT_UNIDENTIFIED,
      'The Patient has no id, fullUrl or identifier, so no resource can be shown to be theirs',
    );
  }
  const referenceTexts = new Set<string>();
  if (resource.id !== undefined) referenceTexts.add(`Patient/${resource.id}`);
  if (fullUrl !== null) referenceTexts.add(fullUrl);
  return {
    entry: patient,
    referenceTexts,
    identifiers,
    name: preferredName(resource.name) ?? identifiers[0]?.value ?? resource.id ?? 'Unknown patient',
  };
}
