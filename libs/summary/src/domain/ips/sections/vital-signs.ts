import type { ResourceEntry } from '../../fhir/fhir-input.js';
import type { FhirResource } from '../../fhir/fhir-resource.js';
import type { IpsItem } from '../ips-item.js';
import { hasCategory, hasLoincCode, latestObservations } from './observations.js';

/** LOINC codes of the FHIR vital signs profiles, for data that does not set the category. */
const VITAL_SIGN_CODES = new Set([
  '85353-1',
  '9279-1',
  '8867-4',
  '2708-6',
  '59408-5',
  '8310-5',
  '8302-2',
  '9843-4',
  '8287-5',
  '29463-7',
  '3141-9',
  '39156-5',
  '85354-9',
  '8480-6',
  '8462-4',
  '55284-4',
  '8331-1',
  '2710-2',
]);
const VITAL_SIGNS = new Set(['vital-signs']);

export function isVitalSign(resource: FhirResource): boolean {
  return hasCategory(resource, VITAL_SIGNS) || hasLoincCode(resource, VITAL_SIGN_CODES);
}

/** The latest reported value of each vital sign (by code), sorted by name. */
export function vitalSignItems(entries: readonly ResourceEntry[]): IpsItem[] {
  return latestObservations(entries, isVitalSign, 'Unspecified vital sign');
}
