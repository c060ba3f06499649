/** A FHIR resource as JSON: only resourceType (and id when present) are known to be there. */
export interface FhirResource {
  resourceType: string;
  id?: string;
  [element: string]: unknown;
}

export function isFhirResource(value: unknown): value is FhirResource {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { resourceType?: unknown }).resourceType === 'string'
  );
}
