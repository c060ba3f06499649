import type { ResourceEntry } from '../../fhir/fhir-input.js';
import type { FhirResource } from '../../fhir/fhir-resource.js';
import { formatCodeableConcept, formatFhirValue } from '../../fhir/format-value.js';
import { dayOf, detail, firstDate, type IpsItem } from '../ips-item.js';

export const LOINC = 'http://loinc.org';
const REPORTABLE_STATUSES = new Set(['final', 'amended', 'corrected', 'preliminary']);

interface Coding {
  system?: unknown;
  code?: unknown;
}

export const codingsOf = (concept: unknown): Coding[] => {
  const codings = (concept as { coding?: unknown } | undefined)?.coding;
  return Array.isArray(codings) ? (codings as Coding[]) : [];
};

/** Whether a category list (CodeableConcept[]) holds one of the codes. */
export function hasCategory(resource: FhirResource, codes: ReadonlySet<string>): boolean {
  const categories = Array.isArray(resource.category) ? (resource.category as unknown[]) : [];
  return categories.some((category) =>
    codingsOf(category).some((coding) => codes.has(String(coding.code))),
  );
}

/** Whether the code has a LOINC coding among the codes. */
export function hasLoincCode(resource: FhirResource, codes: ReadonlySet<string>): boolean {
  return codingsOf(resource.code).some(
    (coding) => coding.system === LOINC && codes.has(String(coding.code)),
  );
}

/** What "the same observation" means: the LOINC code when there is one, else the first coding or the text. */
function observationKey(resource: FhirResource): string {
  const codings = codingsOf(resource.code);
  const first = codings.find((coding) => coding.system === LOINC) ?? codings[0];
  if (first) return `${String(first.system)}|${String(first.code)}`;
  return `text|${formatCodeableConcept(resource.code) ?? ''}`;
}

export function observationValue(resource: FhirResource): string | null {
  const key = Object.keys(resource).find((name) => name.startsWith('value'));
  if (key !== undefined) return formatFhirValue(resource[key]) ?? null;
  const components = Array.isArray(resource.component)
    ? (resource.component as FhirResource[])
    : [];
  const parts = components.flatMap((component) => {
    if (typeof component !== 'object' || component === null) return [];
    const value = observationValue(component);
    return value === null
      ? []
      : [`${formatCodeableConcept(component.code) ?? 'component'} ${value}`];
  });
  return parts.length > 0 ? parts.join(', ') : null;
}

function isLater(candidate: IpsItem, current: IpsItem): boolean {
  if (candidate.date === null) return current.date === null;
  if (current.date === null) return true;
  return Date.parse(candidate.date) >= Date.parse(current.date);
}

/**
 * The latest reported value of each observation the filter keeps (by code), sorted by name:
 * how vital signs, results and social history are listed.
 */
export function latestObservations(
  entries: readonly ResourceEntry[],
  keep: (resource: FhirResource) => boolean,
  unnamed: string,
): IpsItem[] {
  const latest = new Map<string, IpsItem>();
  for (const entry of entries) {
    const { resource } = entry;
    if (
      resource.resourceType !== 'Observation' ||
      !REPORTABLE_STATUSES.has(String(resource.status)) ||
      !keep(resource)
    )
      continue;
    const value = observationValue(resource);
    if (value === null) continue;
    const date = firstDate(resource, [
      'effectiveDateTime',
      'effectiveInstant',
      'effectivePeriod',
      'issued',
    ]);
    const item: IpsItem = {
      entry,
      date,
      text: formatCodeableConcept(resource.code) ?? unnamed,
      details: [...detail('value', value), ...detail('date', dayOf(date))],
    };
    const key = observationKey(resource);
    const current = latest.get(key);
    if (current === undefined || isLater(item, current)) latest.set(key, item);
  }
  return [...latest.values()].sort((left, right) => left.text.localeCompare(right.text));
}
