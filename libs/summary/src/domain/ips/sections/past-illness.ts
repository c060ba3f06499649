import type { ResourceEntry } from '../../fhir/fhir-input.js';
import { formatCodeableConcept } from '../../fhir/format-value.js';
import {
  byDateDescending,
  conceptCode,
  dayOf,
  detail,
  firstDate,
  type IpsItem,
} from '../ips-item.js';
import { isActiveCondition } from './problems.js';

const EXCLUDED_VERIFICATION = new Set(['entered-in-error', 'refuted']);

/** Past problems: the Conditions the Problems section leaves out as no longer active. */
export function pastIllnessItems(entries: readonly ResourceEntry[]): IpsItem[] {
  return entries
    .filter(({ resource }) => resource.resourceType === 'Condition')
    .filter(({ resource }) => !isActiveCondition(resource))
    .filter(
      ({ resource }) => !EXCLUDED_VERIFICATION.has(conceptCode(resource.verificationStatus) ?? ''),
    )
    .map((entry) => {
      const { resource } = entry;
      const onset = firstDate(resource, ['onsetDateTime', 'onsetPeriod', 'recordedDate']);
      const abated = firstDate(resource, ['abatementDateTime', 'abatementPeriod']);
      return {
        entry,
        date: abated ?? onset,
        text: formatCodeableConcept(resource.code) ?? 'Unspecified problem',
        details: [
          ...detail('status', conceptCode(resource.clinicalStatus)),
          ...detail('since', dayOf(onset)),
          ...detail('until', dayOf(abated)),
        ],
      };
    })
    .sort(byDateDescending);
}
