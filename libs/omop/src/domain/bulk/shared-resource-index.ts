import type { StagedResource } from './batch-input.js';
import { collectReferences, isFhirResource, resourceAliases } from './fhir-references.js';

/** A shared resource as staged: its JSON, parsed again for each batch that uses it. */
export interface StagedJson {
  seq: number;
  fullUrl: string | null;
  json: string;
}

/**
 * Where a key's resources sit in the index's list: one position (most keys: a resource's
 * own aliases), or several in staging order. No array per key: a run's shared resources
 * answer to hundreds of thousands of keys.
 */
type Positions = number | number[];

function add(index: Map<string, Positions>, key: string, position: number): void {
  const known = index.get(key);
  if (known === undefined) index.set(key, position);
  else if (typeof known === 'number') {
    if (known !== position) index.set(key, [known, position]);
  } else if (known[known.length - 1] !== position) known.push(position);
}

/**
 * The shared resources of a run (practitioners, organizations, locations…), indexed by
 * every alias they answer to and, once asked, every reference they make, so that each
 * batch finds what its resources point at in memory instead of asking the database round
 * after round. Each lookup hands out freshly parsed copies: batches never share objects.
 *
 * The reference index serves only the batches of shared resources (the resources that
 * complete their rows); it is built on their first lookup and can be released when the
 * patients' batches begin, which never use it.
 */
export class SharedResourceIndex {
  private readonly resources: readonly StagedJson[];
  private readonly byAlias = new Map<string, Positions>();
  private byReference?: Map<string, Positions>;

  constructor(resources: readonly StagedJson[]) {
    const kept: StagedJson[] = [];
    for (const staged of resources) {
      const resource: unknown = JSON.parse(staged.json);
      if (!isFhirResource(resource)) continue;
      for (const alias of resourceAliases(resource, staged.fullUrl ?? undefined))
        add(this.byAlias, alias, kept.length);
      kept.push(staged);
    }
    this.resources = kept;
  }

  /** Shared resources answering to any of these references, in staging order. */
  answering(references: Iterable<string>): StagedResource[] {
    return this.lookup(this.byAlias, references);
  }

  /** Shared resources referencing any of these aliases (roles of a practitioner, locations of an organization). */
  referencing(aliases: Iterable<string>): StagedResource[] {
    this.byReference ??= this.referenceIndex();
    return this.lookup(this.byReference, aliases);
  }

  /** Drops the reference index (built again if `referencing` is asked later). */
  releaseReferences(): void {
    this.byReference = undefined;
  }

  private referenceIndex(): Map<string, Positions> {
    const index = new Map<string, Positions>();
    this.resources.forEach((staged, position) => {
      for (const reference of collectReferences(JSON.parse(staged.json)))
        add(index, reference, position);
    });
    return index;
  }

  private lookup(index: Map<string, Positions>, keys: Iterable<string>): StagedResource[] {
    const found = new Set<number>();
    for (const key of keys) {
      const positions = index.get(key);
      if (positions === undefined) continue;
      if (typeof positions === 'number') found.add(positions);
      else for (const position of positions) found.add(position);
    }
    return [...found]
      .map((position) => this.resources[position])
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
