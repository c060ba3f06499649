import type { ResourceEntry } from '../../fhir/fhir-input.js';
import { formatCodeableConcept } from '../../fhir/format-value.js';
import { conceptCode, dayOf, detail, firstDate, type IpsItem } from '../ips-item.js';

const EXCLUDED_CLINICAL = new Set(['inactive', 'resolved']);
const EXCLUDED_VERIFICATION = new Set(['entered-in-error', 'refuted']);

function reactions(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const manifestations = value.flatMap((reaction: unknown) => {
    const list = (reaction as { manifestation?: unknown } | null)?.manifestation;
    return Array.isArray(list)
      ? list.map(formatCodeableConcept).filter((text): text is string => !!text)
      : [];
  });
  return manifestations.length > 0 ? [...new Set(manifestations)].join(', ') : null;
}

/** Current allergies: not resolved or inactive, not refuted or entered in error. */
export function allergyItems(entries: readonly ResourceEntry[]): IpsItem[] {
  return entries
    .filter(({ resource }) => resource.resourceType === 'AllergyIntolerance')
    .filter(({ resource }) => !EXCLUDED_CLINICAL.has(conceptCode(resource.clinicalStatus) ?? ''))
    .filter(
      ({ resource }) => !EXCLUDED_VERIFICATION.has(conceptCode(resource.verificationStatus) ?? ''),
    )
    .map((entry) => {
      const { resource } = entry;
      const date = firstDate(resource, ['onsetDateTime', 'onsetPeriod', 'recordedDate']);
      const category = Array.isArray(resource.category) ? resource.category.join(', ') : null;
      return {
        entry,
        date,
        text: formatCodeableConcept(resource.code) ?? 'Unspecified allergy or intolerance',
        details: [
          ...detail('type', typeof resource.type === 'string' ? resource.type : null),
          ...detail('category', category),
          ...detail(
            'criticality',
            typeof resource.criticality === 'string' ? resource.criticality : null,
          ),
          ...detail('reactions', reactions(resource.reaction)),
          ...detail('status', conceptCode(resource.clinicalStatus)),
          ...detail('since', dayOf(date)),
        ],
      };
    });
}
