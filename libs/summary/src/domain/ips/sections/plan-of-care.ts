import type { ResourceEntry } from '../../fhir/fhir-input.js';
import type { FhirResource } from '../../fhir/fhir-resource.js';
import { formatCodeableConcept } from '../../fhir/format-value.js';
import { dayOf, detail, firstDate, type IpsItem } from '../ips-item.js';

const CURRENT_PLANS = new Set(['active', 'on-hold', 'draft']);

function planName(resource: FhirResource): string {
  if (typeof resource.title === 'string') return resource.title;
  const categories = Array.isArray(resource.category) ? (resource.category as unknown[]) : [];
  const category = categories.map(formatCodeableConcept).find(Boolean);
  if (category) return category;
  return typeof resource.description === 'string' ? resource.description : 'Care plan';
}

function recommendationName(resource: FhirResource): string {
  const first = (
    Array.isArray(resource.recommendation) ? resource.recommendation[0] : undefined
  ) as { vaccineCode?: unknown[]; targetDisease?: unknown } | undefined;
  const vaccine = Array.isArray(first?.vaccineCode)
    ? first.vaccineCode.map(formatCodeableConcept).find(Boolean)
    : undefined;
  return vaccine ?? formatCodeableConcept(first?.targetDisease) ?? 'Immunization recommendation';
}

/** Plans of care: current CarePlans and immunization recommendations. */
export function planOfCareItems(entries: readonly ResourceEntry[]): IpsItem[] {
  const plans = entries
    .filter(
      ({ resource }) =>
        resource.resourceType === 'CarePlan' && CURRENT_PLANS.has(String(resource.status)),
    )
    .map((entry): IpsItem => {
      const date = firstDate(entry.resource, ['period', 'created']);
      return {
        entry,
        date,
        text: planName(entry.resource),
        details: [
          ...detail('status', String(entry.resource.status)),
          ...detail('since', dayOf(date)),
        ],
      };
    });
  const recommendations = entries
    .filter(({ resource }) => resource.resourceType === 'ImmunizationRecommendation')
    .map((entry): IpsItem => {
      const date = firstDate(entry.resource, ['date']);
      return {
        entry,
        date,
        text: recommendationName(entry.resource),
        details: detail('date', dayOf(date)),
      };
    });
  return [...plans, ...recommendations];
}
