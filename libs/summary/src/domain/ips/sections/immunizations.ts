import type { ResourceEntry } from '../../fhir/fhir-input.js';
import { formatCodeableConcept } from '../../fhir/format-value.js';
import { byDateDescending, dayOf, detail, firstDate, type IpsItem } from '../ips-item.js';

/** Immunizations given: not-done and entered-in-error records are left out. Most recent first. */
export function immunizationItems(entries: readonly ResourceEntry[]): IpsItem[] {
  return entries
    .filter(({ resource }) => resource.resourceType === 'Immunization')
    .filter(
      ({ resource }) => resource.status !== 'not-done' && resource.status !== 'entered-in-error',
    )
    .map((entry) => {
      const { resource } = entry;
      const date = firstDate(resource, ['occurrenceDateTime', 'recorded']);
      const occurrence =
        typeof resource.occurrenceString === 'string' ? resource.occurrenceString : dayOf(date);
      return {
        entry,
        date,
        text: formatCodeableConcept(resource.vaccineCode) ?? 'Unspecified vaccine',
        details: [...detail('date', occurrence), ...detail('status', String(resource.status))],
      };
    })
    .sort(byDateDescending);
}
