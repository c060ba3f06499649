import type { ResourceEntry } from '../../fhir/fhir-input.js';
import type { FhirResource } from '../../fhir/fhir-resource.js';
import { formatCodeableConcept } from '../../fhir/format-value.js';
import { dayOf, detail, firstDate, type IpsItem } from '../ips-item.js';
import { hasLoincCode } from './observations.js';

const ADVANCE_DIRECTIVE_DOCUMENT = new Set(['42348-3']);

function directiveName(resource: FhirResource): string {
  const categories = Array.isArray(resource.category) ? (resource.category as unknown[]) : [];
  return (
    formatCodeableConcept(resource.type) ??
    categories.map(formatCodeableConcept).find(Boolean) ??
    formatCodeableConcept(resource.scope) ??
    (typeof resource.description === 'string' ? resource.description : undefined) ??
    'Advance directive'
  );
}

/** Advance directives: active Consents, and current documents typed as advance directives. */
export function advanceDirectiveItems(entries: readonly ResourceEntry[]): IpsItem[] {
  return entries
    .filter(
      ({ resource }) =>
        (resource.resourceType === 'Consent' && resource.status === 'active') ||
        (resource.resourceType === 'DocumentReference' &&
          resource.status === 'current' &&
          hasLoincCode({ ...resource, code: resource.type }, ADVANCE_DIRECTIVE_DOCUMENT)),
    )
    .map((entry) => {
      const date = firstDate(entry.resource, ['dateTime', 'date']);
      return {
        entry,
        date,
        text: directiveName(entry.resource),
        details: [
          ...detail('status', String(entry.resource.status)),
          ...detail('date', dayOf(date)),
        ],
      };
    });
}
