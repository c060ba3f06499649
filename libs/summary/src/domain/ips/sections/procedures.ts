import type { ResourceEntry } from '../../fhir/fhir-input.js';
import { formatCodeableConcept } from '../../fhir/format-value.js';
import { byDateDescending, dayOf, detail, firstDate, type IpsItem } from '../ips-item.js';

const EXCLUDED = new Set(['entered-in-error', 'not-done']);

/** Procedures performed (not-done and entered-in-error left out). Most recent first. */
export function procedureItems(entries: readonly ResourceEntry[]): IpsItem[] {
  return entries
    .filter(({ resource }) => resource.resourceType === 'Procedure')
    .filter(({ resource }) => !EXCLUDED.has(String(resource.status)))
    .map((entry) => {
      const { resource } = entry;
      const date = firstDate(resource, ['performedDateTime', 'performedPeriod']);
      return {
        entry,
        date,
        text: formatCodeableConcept(resource.code) ?? 'Unspecified procedure',
        details: [...detail('date', dayOf(date)), ...detail('status', String(resource.status))],
      };
    })
    .sort(byDateDescending);
}
