/**
 * Resources that belong to no patient (Practitioner, PractitionerRole, Organization,
 * Location, Medication…) are filed under `#shared/<n>`: patient references never start
 * with `#`, so the two cannot meet.
 */
export const SHARED_GROUP_PREFIX = '#shared/';

export function sharedGroupRef(chunk: number): string {
  return `${SHARED_GROUP_PREFIX}${chunk}`;
}
