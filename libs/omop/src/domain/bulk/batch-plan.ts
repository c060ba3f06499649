import type { PatientGroup } from './patient-groups.js';

export interface BatchPlan {
  /** The staged references whose resources make up the batch. */
  refs: string[];
  patients: number;
  resources: number;
  /** The content digest of each patient of the batch, recorded when the batch commits. */
  digests: Record<string, string>;
}

/**
 * Packs whole patients into batches of about `maxResources` resources, in input order.
 * A patient is never split: observation_period spans a person's data, and the mapper
 * resolves a clinical resource's visit and person only against resources of its input.
 * A patient larger than the limit gets a batch of its own.
 */
export function planBatches(groups: readonly PatientGroup[], maxResources: number): BatchPlan[] {
  if (!Number.isInteger(maxResources) || maxResources < 1)
    throw new Error('maxResources must be a positive integer');
  const batches: BatchPlan[] = [];
  let current: BatchPlan | undefined;
  for (const group of groups) {
    if (current && current.resources + group.resources > maxResources) {
      batches.push(current);
      current = undefined;
    }
    current ??= { refs: [], patients: 0, resources: 0, digests: {} };
    current.refs.push(...group.refs);
    current.digests[group.patientKey] = group.digest;
    current.patients += 1;
    current.resources += group.resources;
  }
  if (current) batches.push(current);
  return batches;
}
