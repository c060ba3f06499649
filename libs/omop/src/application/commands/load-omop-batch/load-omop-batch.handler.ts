import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { VocabularyLookup } from '@app/vocabulary';
import { JobInterruptedError } from '@app/shared';
import {
  batchBundle,
  danglingReferences,
  type StagedResource,
} from '../../../domain/bulk/batch-input.js';
import { resourceAliases } from '../../../domain/bulk/fhir-references.js';
import { SHARED_GROUP_PREFIX } from '../../../domain/bulk/shared-groups.js';
import { mapWithStableIds } from '../../../domain/bulk/stable-id-mapping.js';
import { mapFhirToOmop } from '../../../domain/map-fhir-to-omop.js';
import { bump, type Tally } from '../../../domain/bulk/tally.js';
import type { OmopMappingResult } from '../../../domain/model/mapping-report.js';
import { LoadOmopBatchCommand } from './load-omop-batch.command.js';
import { CdmRowWriter } from '../../ports/cdm-row-writer.js';
import { LoadRunStore } from '../../ports/load-run-store.js';

// Shared resources point at each other (PractitionerRole → Practitioner → Organization);
// a few rounds reach everything the mapper can use.
const MAX_REFERENCE_ROUNDS = 4;

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
  constructor(
    private readonly runs: LoadRunStore,
    private readonly writer: CdmRowWriter,
    private readonly vocabulary: VocabularyLookup,
  ) {}

  async execute({ batch, signal }: LoadOmopBatchCommand): Promise<void> {
    const target = { url: batch.targetUrl, schema: batch.schema };
    const refs = await this.runs.pendingBatch(target, batch.runId, batch.batchNo);
    if (refs === null) return;
    const own = await this.runs.resourcesFiledUnder(target, batch.runId, refs);
    const ownsSharedRows = refs.every((ref) => ref.startsWith(SHARED_GROUP_PREFIX));
    const context = ownsSharedRows
      ? await this.sharedResourcesPointingAt(target, batch.runId, own)
      : [];
    const input = await this.withReferencedSharedResources(target, batch.runId, [
      ...own,
      ...context,
    ]);
    // Shutting down: the queue hands the batch back; it is written once, by whoever resumes it.
    if (signal?.aborted) throw new JobInterruptedError('omop.load-batch');

    const result = await mapWithStableIds(
      mapFhirToOmop,
      batchBundle(input),
      { concepts: this.vocabulary },
      (requests) => this.writer.allocateIds(target, requests),
    );
    await this.writer.write(target, {
      runId: batch.runId,
      batchNo: batch.batchNo,
      tables: result.tables,
      ownsSharedRows,
      // The input starts with the batch's own resources; the rest came along as context.
      mapping: { resources: own.length, ...ownReports(result, input.slice(own.length)) },
    });
  }

  /**
   * A slice of shared resources owns the provider and care_site rows it writes, so it
   * also reads the resources that complete them from other slices: the PractitionerRoles
   * of its Practitioners, the Locations of its Organizations.
   */
  private async sharedResourcesPointingAt(
    target: { url: string; schema: string },
    runId: string,
    own: readonly StagedResource[],
  ): Promise<StagedResource[]> {
    const aliases = own.flatMap(({ resource, fullUrl }) =>
      resourceAliases(resource, fullUrl ?? undefined),
    );
    if (aliases.length === 0) return [];
    const seen = new Set(own.map((resource) => resource.seq));
    return (await this.runs.sharedResourcesReferencing(target, runId, aliases)).filter(
      (resource) => !seen.has(resource.seq),
    );
  }

  private async withReferencedSharedResources(
    target: { url: string; schema: string },
    runId: string,
    own: StagedResource[],
  ): Promise<StagedResource[]> {
    const input = [...own];
    const seen = new Set(own.map((resource) => resource.seq));
    for (let round = 0; round < MAX_REFERENCE_ROUNDS; round++) {
      const dangling = danglingReferences(input);
      if (dangling.length === 0) break;
      const found = (await this.runs.sharedResourcesAnswering(target, runId, dangling)).filter(
        (resource) => !seen.has(resource.seq),
      );
      if (found.length === 0) break;
      for (const resource of found) {
        seen.add(resource.seq);
        input.push(resource);
      }
    }
    return input;
  }
}
