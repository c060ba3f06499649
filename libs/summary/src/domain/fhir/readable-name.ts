import type { FhirResource } from './fhir-resource.js';
import { formatCodeableConcept, preferredName } from './format-value.js';
import { parseFhirDate, formatDateParts } from './fhir-date.js';
import type { ReferenceIndex } from './reference-index.js';

const PERSON_TYPES = new Set(['Patient', 'Practitioner', 'RelatedPerson', 'Person']);
const NAMED_TYPES = new Set([
  'Organization',
  'Location',
  'HealthcareService',
  'Group',
  'InsurancePlan',
  'Endpoint',
  'MedicinalProduct',
]);
/** The element that says what a resource is about, in the order tried. */
const CONCEPT_ELEMENTS = [
  'code',
  'vaccineCode',
  'medicationCodeableConcept',
  'type',
  'category',
  'serviceType',
  'productOrService',
  'class',
];

function firstConcept(resource: FhirResource): string | undefined {
  for (const element of CONCEPT_ELEMENTS) {
    const value = resource[element];
    const concept = Array.isArray(value) ? (value[0] as unknown) : value;
    const text = formatCodeableConcept(concept);
    if (text) return text;
  }
  return undefined;
}

function dateOf(value: unknown): string | undefined {
  const parts = parseFhirDate(value);
  return parts ? (formatDateParts(parts, 'yyyy-MM-dd') ?? String(value)) : undefined;
}

function encounterName(encounter: FhirResource): string | undefined {
  const kind = firstConcept(encounter) ?? 'Encounter';
  const period = encounter.period as { start?: unknown } | undefined;
  const start = dateOf(period?.start);
  return start ? `${kind} on ${start}` : kind;
}

/**
 * A short human label for a resource: a person's name, an organisation's name, what an
 * encounter was and when, a medication's name; otherwise what it is about, then Type/id.
 */
export function readableName(resource: FhirResource, references?: ReferenceIndex): string {
  const type = resource.resourceType;
  let name: string | undefined;
  if (PERSON_TYPES.has(type)) name = preferredName(resource.name);
  else if (NAMED_TYPES.has(type) && typeof resource.name === 'string') name = resource.name;
  else if (type === 'Encounter') name = encounterName(resource);
  else if (type === 'Device') name = deviceName(resource);
  else if (type === 'PractitionerRole') name = practitionerRoleName(resource, references);
  name ??= firstConcept(resource);
  return name ?? `${type}/${resource.id ?? '(no id)'}`;
}

function deviceName(device: FhirResource): string | undefined {
  const names = device.deviceName as { name?: unknown }[] | undefined;
  const first = Array.isArray(names) ? names[0]?.name : undefined;
  return typeof first === 'string' ? first : undefined;
}

function practitionerRoleName(role: FhirResource, references?: ReferenceIndex): string | undefined {
  const practitioner = references?.resolve(role.practitioner, role);
  const person = practitioner ? readableName(practitioner) : undefined;
  const what = firstConcept(role);
  if (person && what) return `${person} (${what})`;
  return person ?? what;
}

/** Text for a reference: the resolved resource's name, else the reference's own display or target. */
export function describeReference(
  reference: unknown,
  references: ReferenceIndex,
  from?: FhirResource,
): string | undefined {
  const target = references.resolve(reference, from);
  if (target) return readableName(target, references);
  if (typeof reference !== 'object' || reference === null) return undefined;
  const { display, reference: text } = reference as { display?: unknown; reference?: unknown };
  if (typeof display === 'string') return display;
  return typeof text === 'string' ? text : undefined;
}
