import type { ResourceEntry } from '../../fhir/fhir-input.js';
import { formatCodeableConcept } from '../../fhir/format-value.js';
import { byDateDescending, dayOf, detail, firstDate, type IpsItem } from '../ips-item.js';

/** Functional status: clinical impressions (assessments) made of the patient. */
export function functionalStatusItems(entries: readonly ResourceEntry[]): IpsItem[] {
  return entries
    .filter(({ resource }) => resource.resourceType === 'ClinicalImpression')
    .map((entry) => {
      const { resource } = entry;
      const date = firstDate(resource, ['effectiveDateTime', 'effectivePeriod', 'date']);
      const text =
        formatCodeableConcept(resource.code) ??
        (typeof resource.description === 'string' ? resource.description : undefined) ??
        'Assessment';
      return {
        entry,
        date,
        text,
        details: [
          ...detail('summary', typeof resource.summary === 'string' ? resource.summary : null),
          ...detail('date', dayOf(date)),
        ],
      };
    })
    .sort(byDateDescending);
}
