import type { BatchPlan } from '../../domain/bulk/batch-plan.js';
import type { OmopTarget } from '../../domain/bulk/omop-target.js';
import type { Tally } from '../../domain/bulk/tally.js';

/** What one batch did, stored with the batch so that any process can report it. */
export interface BatchOutcome {
  resources: number;
  rows: Record<string, number>;
  dropped: Tally;
  diagnostics: Tally;
  rejected: Tally;
  adjusted: Tally;
}

export type BatchStatus = 'pending' | 'done' | 'failed';

export interface BatchState {
  batchNo: number;
  status: BatchStatus;
  resources: number;
  outcome?: BatchOutcome;
  error?: string;
}

/**
 * The durable state of a load in the target database: the batch plan and each batch's
 * outcome (the staged resources are the ResourceStaging port's). Workers in other
 * processes find their batch in it, and the coordinator follows progress through it.
 */
export abstract class LoadRunStore {
  /** One load at a time per schema; resolves to the release function. */
  abstract lock(target: OmopTarget): Promise<() => Promise<void>>;
  /** A new run; leftovers of interrupted runs are cleared. */
  abstract start(target: OmopTarget): Promise<string>;
  abstract plan(target: OmopTarget, runId: string, batches: readonly BatchPlan[]): Promise<void>;
  /**
   * The content digests recorded for these patients when their batch last committed;
   * none when the CDM holds no person (a schema emptied by hand is loaded in full).
   */
  abstract patientDigests(
    target: OmopTarget,
    patientKeys: readonly string[],
  ): Promise<Map<string, string>>;
  /**
   * The shared slices are rewritten by this run: the digests and the list of rows their
   * last writing recorded are forgotten first, so that a run stopped halfway is never
   * taken for a complete one.
   */
  abstract forgetSharedRows(target: OmopTarget): Promise<void>;
  /**
   * The shared slices are left out of this run (unchanged): the rows they wrote last stay
   * theirs, and the run's patient batches leave them alone as if this run had written them.
   */
  abstract keepSharedRows(target: OmopTarget, runId: string): Promise<void>;
  /** The state of the given batches. */
  abstract states(
    target: OmopTarget,
    runId: string,
    batchNos: readonly number[],
  ): Promise<BatchState[]>;
  abstract finish(target: OmopTarget, runId: string): Promise<void>;

  /** The references a pending batch is made of; null when the batch is unknown or finished. */
  abstract pendingBatch(
    target: OmopTarget,
    runId: string,
    batchNo: number,
  ): Promise<string[] | null>;
  abstract markFailed(
    target: OmopTarget,
    runId: string,
    batchNo: number,
    reason: string,
  ): Promise<void>;
}
