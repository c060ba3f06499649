import type { ResourceEntry } from '../../fhir/fhir-input.js';
import type { IpsItem } from '../ips-item.js';
import { hasLoincCode, latestObservations } from './observations.js';

/**
 * LOINC codes of the IPS pregnancy profiles: status (82810-3), expected delivery date
 * (11778-8, 11779-6, 11780-4) and the outcome counts (11636-8 … 33065-4). The IG fixes
 * them in its profiles; no loaded vocabulary says which codes a profile admits.
 */
export const PREGNANCY_CODES = new Set([
  '82810-3',
  '11778-8',
  '11779-6',
  '11780-4',
  '11636-8',
  '11637-6',
  '11638-4',
  '11639-2',
  '11640-0',
  '11612-9',
  '11613-7',
  '11614-5',
  '33065-4',
]);

/** Pregnancy: the latest status, expected delivery date and outcome counts. */
export function pregnancyItems(entries: readonly ResourceEntry[]): IpsItem[] {
  return latestObservations(
    entries,
    (resource) => hasLoincCode(resource, PREGNANCY_CODES),
    'Pregnancy observation',
  );
}
