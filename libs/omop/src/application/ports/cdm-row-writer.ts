import type { OmopTarget } from '../../domain/bulk/omop-target.js';
import type { AllocatedIds, IdRequests } from '../../domain/bulk/stable-id-mapping.js';
import type { OmopTables } from '../../domain/model/omop-rows.js';
import type { BatchOutcome } from './load-run-store.js';

export interface BatchWrite {
  runId: string;
  batchNo: number;
  /** The mapped rows; the writer consumes them (each table is removed once fitted to the DDL). */
  tables: OmopTables;
  /**
   * True for the batches of shared resources: they own the rows of shared tables
   * (provider, care_site, location) they write, and patient batches leave those alone.
   */
  ownsSharedRows: boolean;
  /** What the mapping reported; stored with the rows' own counts when the batch commits. */
  mapping: Pick<BatchOutcome, 'resources' | 'dropped' | 'diagnostics'>;
}

/** Rows into the CDM tables, with ids that stay stable across batches and runs. */
export abstract class CdmRowWriter {
  /** Ids for source keys: the same key always gets the same id in this schema. */
  abstract allocateIds(target: OmopTarget, requests: IdRequests): Promise<AllocatedIds>;
  /** Upserts the batch's rows and marks the batch done, in one transaction. */
  abstract write(target: OmopTarget, batch: BatchWrite): Promise<BatchOutcome>;
}
