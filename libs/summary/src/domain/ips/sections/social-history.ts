import type { ResourceEntry } from '../../fhir/fhir-input.js';
import type { IpsItem } from '../ips-item.js';
import { hasCategory, hasLoincCode, latestObservations } from './observations.js';
import { PREGNANCY_CODES } from './pregnancy.js';

const SOCIAL_HISTORY = new Set(['social-history']);
/** Tobacco use (72166-2) and alcohol use (74013-4): the codes of the IPS social history profiles. */
const SOCIAL_HISTORY_CODES = new Set(['72166-2', '74013-4']);

/** Social history: the latest value of each social-history observation (pregnancy has its own section). */
export function socialHistoryItems(entries: readonly ResourceEntry[]): IpsItem[] {
  return latestObservations(
    entries,
    (resource) =>
      (hasCategory(resource, SOCIAL_HISTORY) || hasLoincCode(resource, SOCIAL_HISTORY_CODES)) &&
      !hasLoincCode(resource, PREGNANCY_CODES),
    'Social history observation',
  );
}
