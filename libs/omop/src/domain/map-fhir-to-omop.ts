import { throwIfStopped, workPacer } from '@app/shared';
import type { OmopIdAllocator } from './ids/omop-id-allocator.js';
import { readFhirInput, type InputEntry } from './input/read-fhir-input.js';
import { MappingRun } from './mapping/mapping-run.js';
import { writeObservationPeriods } from './mapping/observation-periods.js';
import { writePrecedingVisits } from './mapping/preceding-visits.js';
import { prefetchCodes } from './mapping/prefetch-codes.js';
import { summarize } from './mapping/summarize.js';
import {
  REFERENCED_ONLY,
  RESOURCE_MAPPERS,
  type ResourceMapper,
} from './mappers/resource-mappers.js';
import type { OmopMappingResult } from './model/mapping-report.js';
import type { OmopTables } from './model/omop-rows.js';
import { ReferenceIndex } from './references/reference-index.js';
import { UnitResolver } from './units/unit-resolver.js';
import { CodeResolver } from './vocabulary/code-resolver.js';
import type { ConceptSource } from './vocabulary/concept-source.js';

export type * from './model/omop-rows.js';
export type * from './model/mapping-report.js';
export type { ConceptSource, OmopConcept } from './vocabulary/concept-source.js';
export type { OmopIdAllocator, OmopTableName } from './ids/omop-id-allocator.js';

export interface MapperDependencies {
  concepts: ConceptSource;
  ids: OmopIdAllocator;
  /** Echoed in the result; when absent the result carries the loaded vocabulary's release. */
  vocabVersion?: string;
  /** Look every code up concurrently before mapping (default true; pointless for in-memory sources). */
  prefetch?: boolean;
  /**
   * Build the per-code mapping report (default true). A bulk load writes rows and counts
   * drops and diagnostics only: without the report, `mappings` is empty and `summary` counts none.
   */
  reportMappings?: boolean;
  /** The request's signal: mapping stops between resources once it is aborted. */
  signal?: AbortSignal;
}

const MAPPER_OF = new Map<string, ResourceMapper>(RESOURCE_MAPPERS);
const PHASE_OF = new Map<string, number>(RESOURCE_MAPPERS.map(([type], index) => [type, index]));

/** Keeps the first of several entries with one key; the others are dropped as duplicates. */
function withoutDuplicates(
  entries: readonly InputEntry[],
  run: (entry: InputEntry, first: InputEntry) => void,
): InputEntry[] {
  const firstByKey = new Map<string, InputEntry>();
  const unique: InputEntry[] = [];
  for (const entry of entries) {
    const first = firstByKey.get(entry.key);
    if (first) run(entry, first);
    else {
      firstByKey.set(entry.key, entry);
      unique.push(entry);
    }
  }
  return unique;
}

function nonEmpty(tables: MappingRun['tables']): OmopTables {
  const out: OmopTables = {};
  for (const name of Object.keys(tables) as (keyof OmopTables)[]) {
    if (tables[name].length > 0) Object.assign(out, { [name]: tables[name] });
  }
  return out;
}

async function loadedRelease(concepts: ConceptSource): Promise<string | undefined> {
  // OMOP's VOCABULARY table names the release of the whole download in the row 'None'.
  return (await concepts.vocabularyVersion?.('None')) ?? undefined;
}

/**
 * FHIR R4 (one resource or a Bundle) to OMOP CDM v5.4 rows with a per-code mapping report.
 * Pure: everything it reads comes through `deps`. Throws FhirInputError only when the
 * request is not a resource or Bundle at all; anything inside a resource that cannot be
 * mapped is reported in `dropped`, `diagnostics` or the mappings instead.
 */
export async function mapFhirToOmop(
  input: unknown,
  deps: MapperDependencies,
): Promise<OmopMappingResult> {
  const read = readFhirInput(input);
  const duplicates: [InputEntry, InputEntry][] = [];
  const entries = withoutDuplicates(read.entries, (entry, first) =>
    duplicates.push([entry, first]),
  );
  const run = new MappingRun({
    concepts: deps.concepts,
    ids: deps.ids,
    references: new ReferenceIndex(entries),
    codes: new CodeResolver(deps.concepts),
    units: new UnitResolver(deps.concepts),
    reportMappings: deps.reportMappings,
  });
  for (const [entry, first] of duplicates) {
    run.drop(entry, `duplicate of ${first.key} at ${first.path}`);
    if (JSON.stringify(entry.resource) !== JSON.stringify(first.resource)) {
      run.diagnose(entry, {
        path: entry.path,
        reference: entry.key,
        outcome: 'CONFLICTING',
        reason: `two different resources share the key ${entry.key}; the first (${first.path}) was mapped`,
      });
    }
  }
  const mapped = entries.filter((entry) => MAPPER_OF.has(entry.resourceType));
  if (deps.prefetch ?? true) await prefetchCodes(run, mapped);
  const ordered = [...mapped].sort(
    (a, b) => PHASE_OF.get(a.resourceType)! - PHASE_OF.get(b.resourceType)!,
  );
  // Cached lookups resolve without a turn of the event loop: the pacer gives it one every few ms.
  const pace = workPacer(deps.signal);
  for (const entry of ordered) {
    await pace();
    throwIfStopped(deps.signal);
    await MAPPER_OF.get(entry.resourceType)!(run, entry);
  }
  for (const entry of entries) {
    if (!MAPPER_OF.has(entry.resourceType) && !REFERENCED_ONLY.has(entry.resourceType)) {
      run.drop(entry, `${entry.resourceType} has no OMOP mapping in this service`);
    }
  }
  writePrecedingVisits(run);
  await writeObservationPeriods(run);
  const vocabVersion = deps.vocabVersion ?? (await loadedRelease(deps.concepts));
  return {
    tables: nonEmpty(run.tables),
    mappings: run.mappings,
    specimen_source_contexts: run.specimenContexts,
    provider_role_contexts: run.providerRoleContexts,
    dropped: run.dropped,
    diagnostics: run.diagnostics,
    ...(vocabVersion !== undefined ? { vocab_version: vocabVersion } : {}),
    summary: summarize(run.mappings),
  };
}
