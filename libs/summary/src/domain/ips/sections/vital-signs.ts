import type { ResourceEntry } from '../../fhir/fhir-input.js';
import type { FhirResource } from '../../fhir/fhir-resource.js';
import { formatCodeableConcept, formatFhirValue } from '../../fhir/format-value.js';
import { dayOf, detail, firstDate, type IpsItem } from '../ips-item.js';

/** LOINC codes of the FHIR vital signs profiles, for data that does not set the category. */
const VITAL_SIGN_CODES = new Set([
  '85353-1',
  '9279-1',
  '8867-4',
  '2708-6',
  '59408-5',
  '8310-5',
  '8302-2',
  '9843-4',
  '8287-5',
  '29463-7',
  '3141-9',
  '39156-5',
  '85354-9',
  '8480-6',
  '8462-4',
  '55284-4',
  '8331-1',
  '2710-2',
]);
const REPORTABLE_STATUSES = new Set(['final', 'amended', 'corrected', 'preliminary']);

interface Coding {
  system?: unknown;
  code?: unknown;
}

const codingsOf = (concept: unknown): Coding[] => {
  const codings = (concept as { coding?: unknown } | undefined)?.coding;
  return Array.isArray(codings) ? (codings as Coding[]) : [];
};

function isVitalSign(resource: FhirResource): boolean {
  const categories = Array.isArray(resource.category) ? resource.category : [];
  if (
    categories.some((category) =>
      codingsOf(category).some((coding) => coding.code === 'vital-signs'),
    )
  )
    return true;
  return codingsOf(resource.code).some(
    (coding) => coding.system === 'http://loinc.org' && VITAL_SIGN_CODES.has(String(coding.code)),
  );
}

/** What "the same vital sign" means: the LOINC code when there is one, else the first coding or the text. */
function signKey(resource: FhirResource): string {
  const codings = codingsOf(resource.code);
  const loinc = codings.find((coding) => coding.system === 'http://loinc.org');
  const first = loinc ?? codings[0];
  if (first) return `${String(first.system)}|${String(first.code)}`;
  return `text|${formatCodeableConcept(resource.code) ?? ''}`;
}

function valueOf(resource: FhirResource): string | null {
  const key = Object.keys(resource).find((name) => name.startsWith('value'));
  if (key !== undefined) return formatFhirValue(resource[key]) ?? null;
  const components = Array.isArray(resource.component)
    ? (resource.component as FhirResource[])
    : [];
  const parts = components.flatMap((component) => {
    const value = valueOf(component);
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

/** The latest reported value of each vital sign (by code), sorted by name. */
export function vitalSignItems(entries: readonly ResourceEntry[]): IpsItem[] {
  const latest = new Map<string, IpsItem>();
  for (const entry of entries) {
    const { resource } = entry;
    if (
      resource.resourceType !== 'Observation' ||
      !REPORTABLE_STATUSES.has(String(resource.status))
    )
      continue;
    if (!isVitalSign(resource)) continue;
    const value = valueOf(resource);
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
      text: formatCodeableConcept(resource.code) ?? 'Unspecified vital sign',
      details: [...detail('value', value), ...detail('date', dayOf(date))],
    };
    const key = signKey(resource);
    const current = latest.get(key);
    if (current === undefined || isLater(item, current)) latest.set(key, item);
  }
  return [...latest.values()].sort((left, right) => left.text.localeCompare(right.text));
}
