import { Command } from '@nestjs/cqrs';
import type { OmopTarget } from '../../../domain/bulk/omop-target.js';
import type { Tally } from '../../../domain/bulk/tally.js';
import type { BulkSourceKind } from '../../ports/bulk-source.js';

export type LoadOmopProgress =
  | { kind: 'step'; message: string }
  | { kind: 'staged'; resources: number }
  | {
      kind: 'batches';
      done: number;
      total: number;
      resources: number;
      resourcesTotal: number;
      /** Since the first batch was handed out. */
      seconds: number;
    }
  | { kind: 'waiting'; message: string };

export interface LoadOmopOptions {
  ddlDirectory: string;
  /** Batches in flight at once. */
  jobs: number;
  /** About this many resources per patient batch (whole patients). */
  batchResources?: number;
  /** Shared resources (Practitioner, Organization…) per slice. */
  sharedResources?: number;
  /**
   * Rewrite every patient and every shared resource. By default a patient whose resources
   * are byte for byte those of the last load is skipped, and so are the shared resources
   * when none changed (a new vocabulary or mapper release needs a full load).
   */
  full?: boolean;
}

export interface LoadOmopSummary {
  runId: string;
  files: number;
  resources: number;
  skipped: Tally;
  patients: number;
  /** Patients skipped: their resources are the same as when they were last written. */
  unchangedPatients: number;
  /**
   * Shared resources (practitioners, organizations…) skipped: all of them or none, when
   * every slice of them is the same as when it was last written.
   */
  unchangedSharedResources: number;
  batches: number;
  schemaCreated: boolean;
  vocabularyRows: Record<string, number>;
  skippedConstraints: string[];
  /** Rows per CDM table after the load (the whole table, not only this run). */
  tables: Record<string, number>;
  dropped: Tally;
  diagnostics: Tally;
  rejected: Tally;
  adjusted: Tally;
  seconds: number;
  /** Seconds spent mapping and writing, after the input was staged. */
  mappingSeconds: number;
}

/** `omop:load`: FHIR NDJSON or Bundle files into an OMOP CDM v5.4 schema, in parallel batches. */
export class LoadOmopCommand extends Command<LoadOmopSummary> {
  constructor(
    readonly source: { kind: BulkSourceKind; directory: string },
    readonly target: OmopTarget,
    readonly options: LoadOmopOptions,
    readonly onProgress: (progress: LoadOmopProgress) => void = () => undefined,
  ) {
    super();
  }
}
