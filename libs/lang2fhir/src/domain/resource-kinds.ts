/** The `resource` values of the spec, each built by one builder into one US Core–shaped R4 resource. */
export const RESOURCE_KINDS = [
  'appointment',
  'condition-encounter-diagnosis',
  'medicationrequest',
  'careplan',
  'condition-problems-health-concerns',
  'coverage',
  'encounter',
  'observation-clinical-result',
  'observation-lab',
  'patient',
  'procedure',
  'questionnaire',
  'questionnaireresponse',
  'servicerequest',
  'simple-observation',
  'vital-signs',
] as const;

export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/** What a caller may ask for: a kind, or `auto` to detect it from the text. */
export const REQUESTABLE_KINDS = ['auto', ...RESOURCE_KINDS] as const;

export type RequestedKind = (typeof REQUESTABLE_KINDS)[number];

export function isResourceKind(value: string): value is ResourceKind {
  return (RESOURCE_KINDS as readonly string[]).includes(value);
}

export function isRequestedKind(value: string): value is RequestedKind {
  return value === 'auto' || isResourceKind(value);
}
