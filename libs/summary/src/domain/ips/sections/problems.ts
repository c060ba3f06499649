import type { ResourceEntry } from '../../fhir/fhir-input.js';
import { formatCodeableConcept } from '../../fhir/format-value.js';
import { conceptCode, dayOf, detail, firstDate, type IpsItem } from '../ips-item.js';

const ACTIVE_CLINICAL = new Set(['active', 'recurrence', 'relapse']);
const EXCLUDED_VERIFICATION = new Set(['entered-in-error', 'refuted']);

/** Active problems: clinical status active, recurrence or relapse (or none given and not abated). */
export function isActiveCondition(resource: Record<string, unknown>): boolean {
  const clinical = conceptCode(resource.clinicalStatus);
  if (clinical !== undefined) return ACTIVE_CLINICAL.has(clinical);
  return !Object.keys(resource).some((key) => key.startsWith('abatement'));
}

export function problemItems(entries: readonly ResourceEntry[]): IpsItem[] {
  return entries
    .filter(({ resource }) => resource.resourceType === 'Condition')
    .filter(({ resource }) => isActiveCondition(resource))
    .filter(
      ({ resource }) => !EXCLUDED_VERIFICATION.has(conceptCode(resource.verificationStatus) ?? ''),
    )
    .map((entry) => {
      const { resource } = entry;
      const date = firstDate(resource, ['onsetDateTime', 'onsetPeriod', 'recordedDate']);
      return {
        entry,
        date,
        text: formatCodeableConcept(resource.code) ?? 'Unspecified problem',
        details: [
          ...detail('status', conceptCode(resource.clinicalStatus)),
          ...detail('verification', conceptCode(resource.verificationStatus)),
          ...detail('since', dayOf(date)),
        ],
      };
    });
}
