import type { StagedResource } from './batch-input.js';
import { collectReferences, isFhirResource, resourceAliases } from './fhir-references.js';

/** A shared resource as staged: its JSON, parsed again for each batch that uses it. */
export interface StagedJson {
  seq: number;
  fullUrl: string | null;
  json: string;
}

function add(index: Map<string, StagedJson[]>, key: string, staged: StagedJson): void {
  const list = index.get(key);
  if (list) list.push(staged);
  else index.set(key, [staged]);
}

/**
 * The shared resources of a run (practitioners, organizations, locations…), indexed by
 * every alias they answer to and every reference they make, so that each batch finds
 * what its resources point at in memory instead of asking the database round after
 * round. Each lookup hands out freshly parsed copies: batches never share objects.
 */
export class SharedResourceIndex {
  private readonly byAlias = new Map<string, StagedJson[]>();
  private readonly byReference = new Map<string, StagedJson[]>();

  constructor(resources: readonly StagedJson[]) {
    for (const staged of resources) {
      const resource: unknown = JSON.parse(staged.json);
      if (!isFhirResource(resource)) continue;
      for (const alias of resourceAliases(resource, staged.fullUrl ?? undefined))
        add(this.byAlias, alias, staged);
      for (const reference of collectReferences(resource)) add(this.byReference, reference, staged);
    }
  }

  /** Shared resources answering to any of these references, in staging order. */
  answering(references: Iterable<string>): StagedResource[] {
    return this.lookup(this.byAlias, references);
  }

  /** Shared resources referencing any of these aliases (roles of a practitioner, locations of an organization). */
  referencing(aliases: Iterable<string>): StagedResource[] {
    return this.lookup(this.byReference, aliases);
  }

  private lookup(index: Map<string, StagedJson[]>, keys: Iterable<string>): StagedResource[] {
    const found = new Map<number, StagedJson>();
    for (const key of keys)
      for (const staged of index.get(key) ?? []) found.set(staged.seq, staged);
    return [...found.values()]
      .sort((a, b) => a.seq - b.seq)
      .map(({ seq, fullUrl, json }) => ({
        seq,
        fullUrl,
        resource: JSON.parse(json) as StagedResource['resource'],
      }));
  }
}

/**
 * The batch's resources followed by the shared resources they reference, directly or
 * through each other (PractitionerRole → Practitioner → Organization), for up to
 * `maxRounds` rounds. Each round looks only at the references of what the last round added.
 */
export function withReferencedSharedResources(
  own: readonly StagedResource[],
  index: SharedResourceIndex,
  maxRounds: number,
): StagedResource[] {
  const input = [...own];
  const seen = new Set(own.map((staged) => staged.seq));
  const answered = new Set<string>();
  const asked = new Set<string>();
  let added: readonly StagedResource[] = own;
  for (let round = 0; round < maxRounds && added.length > 0; round++) {
    for (const { resource, fullUrl } of added)
      for (const alias of resourceAliases(resource, fullUrl ?? undefined)) answered.add(alias);
    const dangling: string[] = [];
    for (const { resource } of added)
      for (const reference of collectReferences(resource))
        if (!answered.has(reference) && !asked.has(reference)) {
          asked.add(reference);
          dangling.push(reference);
        }
    added = index.answering(dangling).filter((staged) => !seen.has(staged.seq));
    for (const staged of added) {
      seen.add(staged.seq);
      input.push(staged);
    }
  }
  return input;
}
