import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { VocabularyLookup } from '@app/vocabulary';
import { JobInterruptedError } from '@app/shared';
import { batchBundle, type StagedResource } from '../../../domain/bulk/batch-input.js';
import { resourceAliases } from '../../../domain/bulk/fhir-references.js';
import { SHARED_GROUP_PREFIX } from '../../../domain/bulk/shared-groups.js';
import {
  SharedResourceIndex,
  withReferencedSharedResources,
} from '../../../domain/bulk/shared-resource-index.js';
import { mapWithStableIds } from '../../../domain/bulk/stable-id-mapping.js';
import { RunScopedCache } from '../../../domain/bulk/run-scoped-cache.js';
import { mapFhirToOmop } from '../../../domain/map-fhir-to-omop.js';
import { bump, type Tally } from '../../../domain/bulk/tally.js';
import type { OmopMappingResult } from '../../../domain/model/mapping-report.js';
import { LoadOmopBatchCommand } from './load-omop-batch.command.js';
import { CdmRowWriter, type BatchWrite } from '../../ports/cdm-row-writer.js';
import { LoadRunStore } from '../../ports/load-run-store.js';
import { ResourceStaging } from '../../ports/resource-staging.js';

// Shared resources point at each other (PractitionerRole → Practitioner → Organization);
// a few rounds reach everything the mapper can use.
const MAX_REFERENCE_ROUNDS = 4;
// The schemas whose run's shared resources this process keeps indexed (one load per schema
// at a time); an index unused for a minute is dropped, so an idle worker holds none.
const INDEXED_TARGETS = 2;
const INDEX_IDLE_MS = 60_000;

/** How the mapper's reports name a resource: by id, else by fullUrl. */
function reportKeys({ resource, fullUrl }: StagedResource): string[] {
  const keys: string[] = [];
  if (resource.id) keys.push(`${resource.resourceType}/${resource.id}`);
  if (fullUrl) keys.push(`${resource.resourceType}/${fullUrl}`);
  return keys;
}

/**
 * Reports on the batch's own resources only: shared resources that came along as
 * context are reported by their own batch.
 */
function ownReports(result: OmopMappingResult, context: readonly StagedResource[]) {
  const notOwn = new Set(context.flatMap(reportKeys));
  const dropped: Tally = {};
  const diagnostics: Tally = {};
  for (const item of result.dropped)
    if (!notOwn.has(`${item.resource_type}/${item.resource_id}`))
      bump(dropped, `${item.resource_type}: ${item.reason}`);
  for (const item of result.diagnostics)
    if (!notOwn.has(`${item.resource_type}/${item.resource_id}`))
      bump(diagnostics, `${item.outcome} ${item.resource_type}${item.path ? `.${item.path}` : ''}`);
  return { dropped, diagnostics };
}

/**
 * One batch: read its staged resources and the shared resources they reference, map
 * them with stable ids, write the rows. The pure mapper does the work; this loads and saves.
 */
@CommandHandler(LoadOmopBatchCommand)
export class LoadOmopBatchHandler implements ICommandHandler<LoadOmopBatchCommand> {
  private readonly sharedIndexes = new RunScopedCache<Promise<SharedResourceIndex>>(
    INDEXED_TARGETS,
    INDEX_IDLE_MS,
  );
  private sweeping?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly runs: LoadRunStore,
    private readonly staging: ResourceStaging,
    private readonly writer: CdmRowWriter,
    private readonly vocabulary: VocabularyLookup,
  ) {}

  async execute({ batch, signal }: LoadOmopBatchCommand): Promise<void> {
    const target = { url: batch.targetUrl, schema: batch.schema };
    const refs = await this.runs.pendingBatch(target, batch.runId, batch.batchNo);
    if (refs === null) return;
    const ownsSharedRows = refs.every((ref) => ref.startsWith(SHARED_GROUP_PREFIX));
    const mapped = await this.mapBatch(target, batch.runId, refs, ownsSharedRows, signal);
    // Only the rows and the reports' tallies are held while the rows are written: the
    // parsed resources and the mapper's full reports are garbage by now.
    await this.writer.write(target, {
      runId: batch.runId,
      batchNo: batch.batchNo,
      tables: mapped.tables,
      ownsSharedRows,
      mapping: mapped.mapping,
    });
  }

  /** The batch's resources and the shared ones they reference, mapped with stable ids. */
  private async mapBatch(
    target: { url: string; schema: string },
    runId: string,
    refs: readonly string[],
    ownsSharedRows: boolean,
    signal: AbortSignal | undefined,
  ): Promise<Pick<BatchWrite, 'tables' | 'mapping'>> {
    const own = await this.staging.resourcesFiledUnder(target, runId, refs);
    const shared = await this.sharedIndex(target, runId);
    // The shared batches all run before the first patients' batch: from then on the
    // index's references (only the shared batches look resources up by them) are garbage.
    if (!ownsSharedRows) shared.releaseReferences();
    const context = ownsSharedRows ? await this.sharedResourcesPointingAt(shared, own) : [];
    const input = await withReferencedSharedResources(
      [...own, ...context],
      shared,
      MAX_REFERENCE_ROUNDS,
    );
    // Shutting down: the queue hands the batch back; it is written once, by whoever resumes it.
    if (signal?.aborted) throw new JobInterruptedError('omop.load-batch');

    const result = await mapWithStableIds(
      mapFhirToOmop,
      batchBundle(input),
      { concepts: this.vocabulary, reportMappings: false },
      (requests) => this.writer.allocateIds(target, requests),
    );
    return {
      tables: result.tables,
      // The input starts with the batch's own resources; the rest came along as context.
      mapping: { resources: own.length, ...ownReports(result, input.slice(own.length)) },
    };
  }

  /**
   * Every shared resource of the run, read once per process: staging is complete before
   * the first batch runs, and every batch looks up what its resources reference there.
   */
  private sharedIndex(
    target: { url: string; schema: string },
    runId: string,
  ): Promise<SharedResourceIndex> {
    const key = `${target.url}|${target.schema}`;
    const index = this.sharedIndexes.get(key, runId, () => {
      const built = SharedResourceIndex.build({
        each: (use) => this.staging.eachSharedResource(target, runId, use),
        at: (seqs) => this.staging.resourcesAt(target, runId, seqs),
      });
      void built.catch(() => this.sharedIndexes.forget(key, runId));
      return built;
    });
    // Runs once the worker has been idle for a while (never keeps the process alive).
    clearTimeout(this.sweeping);
    this.sweeping = setTimeout(() => this.sharedIndexes.sweep(), INDEX_IDLE_MS + 1_000);
    this.sweeping.unref();
    return index;
  }

  /**
   * A slice of shared resources owns the provider and care_site rows it writes, so it
   * also reads the resources that complete them from other slices: the PractitionerRoles
   * of its Practitioners, the Locations of its Organizations.
   */
  private async sharedResourcesPointingAt(
    shared: SharedResourceIndex,
    own: readonly StagedResource[],
  ): Promise<StagedResource[]> {
    const aliases = own.flatMap(({ resource, fullUrl }) =>
      resourceAliases(resource, fullUrl ?? undefined),
    );
    const seen = new Set(own.map((resource) => resource.seq));
    return (await shared.referencing(aliases)).filter((resource) => !seen.has(resource.seq));
  }
}
