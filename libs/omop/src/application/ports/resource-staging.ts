import type { StagedResource } from '../../domain/bulk/batch-input.js';
import type { OmopTarget } from '../../domain/bulk/omop-target.js';

/** A resource on its way into staging: raw JSON and the group it is filed under. */
export interface ResourceToStage {
  seq: number;
  groupRef: string;
  fullUrl?: string;
  json: string;
}

/**
 * Where a load keeps the raw JSON of every input resource between the coordinator's
 * single pass over the files and the batches that map them. The server profile stages
 * in the target database (worker replicas on other machines read it back); the embedded
 * profile, whose batches run in the coordinator's process, in a local spill file.
 *
 * Calls for one run: `open`, `stage`… , `staged`, then any number of reads (from batches,
 * possibly concurrent), then `release` once this process is done with the run.
 */
export abstract class ResourceStaging {
  /** A new run's staging; the load lock is held, so what an interrupted run left is cleared. */
  abstract open(target: OmopTarget, runId: string): Promise<void>;
  abstract stage(target: OmopTarget, runId: string, resources: ResourceToStage[]): Promise<void>;
  /** Everything is staged: the look-up structures of staging are built once, now. */
  abstract staged(target: OmopTarget, runId: string): Promise<void>;
  /** The resources filed under these groups, in staging order, parsed. */
  abstract resourcesFiledUnder(
    target: OmopTarget,
    runId: string,
    refs: readonly string[],
  ): Promise<StagedResource[]>;
  /**
   * Every shared resource staged for the run (practitioners, organizations, locations…),
   * in staging order, parsed, handed to `use` one at a time: never all of them at once.
   */
  abstract eachSharedResource(
    target: OmopTarget,
    runId: string,
    use: (staged: StagedResource) => void,
  ): Promise<void>;
  /** The resources staged under these numbers (`seq`), in staging order, parsed. */
  abstract resourcesAt(
    target: OmopTarget,
    runId: string,
    seqs: readonly number[],
  ): Promise<StagedResource[]>;
  /**
   * This process is done with the run, finished or failed. Staging that other processes
   * may still read stays until the run's bookkeeping clears it (LoadRunStore.finish, or
   * the next run's start).
   */
  abstract release(target: OmopTarget, runId: string): Promise<void>;
}
