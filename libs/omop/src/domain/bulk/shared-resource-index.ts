import type { StagedResource } from './batch-input.js';
import {
  collectReferences,
  directAliases,
  identifierAliases,
  identifierReferenceType,
  resourceAliases,
} from './fhir-references.js';
import { HashedKeyIndex } from './hashed-key-index.js';

/**
 * Where the index reads the run's shared resources back (staging): it keeps their
 * staging numbers, not their JSON, which for 62,000 shared resources was 62 MB held
 * through the whole load.
 */
export interface SharedResourceReader {
  /** Every shared resource of the run, in staging order, parsed. */
  each(use: (staged: StagedResource) => void): Promise<void>;
  /** The shared resources staged under these numbers, in staging order, parsed. */
  at(seqs: readonly number[]): Promise<StagedResource[]>;
}

/** Which keys a shared resource is filed under in one of the index's two indexes. */
type KeysOf = (staged: StagedResource) => Iterable<string>;

const aliasesOf: KeysOf = ({ resource, fullUrl }) =>
  resourceAliases(resource, fullUrl ?? undefined);
const referencesOf: KeysOf = ({ resource }) => collectReferences(resource);

/**
 * The shared resources of a run (practitioners, organizations, locations…), indexed by
 * every alias they answer to and, once asked, every reference they make, so that each
 * batch finds what its resources point at without asking staging round after round
 * which resource answers to what. Each lookup reads the resources found back from
 * staging, freshly parsed: batches never share objects.
 *
 * The indexes keep hashes of the keys, not the keys (see HashedKeyIndex): each lookup
 * keeps only the resources read back whose own aliases (or references) include a key
 * asked, so a hash shared by two keys costs a read, never a wrong resource.
 *
 * The reference index serves only the batches of shared resources (the resources that
 * complete their rows); it is built on their first lookup and can be released when the
 * patients' batches begin, which never use it.
 */
export class SharedResourceIndex {
  private byReference?: Promise<HashedKeyIndex>;

  private constructor(
    private readonly reader: SharedResourceReader,
    private readonly byAlias: HashedKeyIndex,
  ) {}

  /** Reads every shared resource once, keeping only its aliases' hashes and staging number. */
  static async build(reader: SharedResourceReader): Promise<SharedResourceIndex> {
    return new SharedResourceIndex(reader, await indexed(reader, aliasesOf));
  }

  /** Shared resources answering to any of these references, in staging order. */
  answering(references: Iterable<string>): Promise<StagedResource[]> {
    return this.lookup(this.byAlias, aliasesOf, references);
  }

  /** Shared resources referencing any of these aliases (roles of a practitioner, locations of an organization). */
  async referencing(aliases: Iterable<string>): Promise<StagedResource[]> {
    if (this.byReference === undefined) {
      const building = indexed(this.reader, referencesOf);
      // A failed build is not kept: the next call builds again.
      void building.catch(() => {
        if (this.byReference === building) this.byReference = undefined;
      });
      this.byReference = building;
    }
    return this.lookup(await this.byReference, referencesOf, aliases);
  }

  /** Drops the reference index (built again if `referencing` is asked later). */
  releaseReferences(): void {
    this.byReference = undefined;
  }

  private async lookup(
    index: HashedKeyIndex,
    keysOf: KeysOf,
    keys: Iterable<string>,
  ): Promise<StagedResource[]> {
    const asked = new Set(keys);
    const candidates = index.candidates(asked);
    if (candidates.length === 0) return [];
    const read = await this.reader.at(candidates);
    return read.filter((staged) => {
      for (const key of keysOf(staged)) if (asked.has(key)) return true;
      return false;
    });
  }
}

async function indexed(reader: SharedResourceReader, keysOf: KeysOf): Promise<HashedKeyIndex> {
  const builder = HashedKeyIndex.builder();
  await reader.each((staged) => {
    for (const key of keysOf(staged)) builder.add(key, staged.seq);
  });
  return builder.build();
}

/**
 * The batch's resources followed by the shared resources they reference, directly or
 * through each other (PractitionerRole → Practitioner → Organization), for up to
 * `maxRounds` rounds. Each round looks only at the references of what the last round added.
 */
export async function withReferencedSharedResources(
  own: readonly StagedResource[],
  index: SharedResourceIndex,
  maxRounds: number,
): Promise<StagedResource[]> {
  const input = [...own];
  const seen = new Set(own.map((staged) => staged.seq));
  const answered = new Set<string>();
  const asked = new Set<string>();
  // Aliases by identifier are added to `answered` only once a reference by identifier
  // could equal one (same type, or untyped): most resources of a batch have identifiers,
  // few references name their type's. Until then they wait here, by resource type.
  const waiting = new Map<string, StagedResource[]>();
  const answerIdentifiers = (type: string) => {
    for (const [waitingType, resources] of waiting) {
      if (type !== '' && waitingType !== type) continue;
      for (const { resource } of resources)
        for (const alias of identifierAliases(resource)) answered.add(alias);
      waiting.delete(waitingType);
    }
  };
  const isAnswered = (reference: string) => {
    if (answered.has(reference)) return true;
    const type = identifierReferenceType(reference);
    if (type === undefined || waiting.size === 0) return false;
    answerIdentifiers(type);
    return answered.has(reference);
  };
  let added: readonly StagedResource[] = own;
  for (let round = 0; round < maxRounds && added.length > 0; round++) {
    for (const staged of added) {
      for (const alias of directAliases(staged.resource, staged.fullUrl ?? undefined))
        answered.add(alias);
      if (!Array.isArray(staged.resource.identifier)) continue;
      const ofType = waiting.get(staged.resource.resourceType);
      if (ofType) ofType.push(staged);
      else waiting.set(staged.resource.resourceType, [staged]);
    }
    const dangling: string[] = [];
    for (const { resource } of added)
      for (const reference of collectReferences(resource))
        if (!asked.has(reference) && !isAnswered(reference)) {
          asked.add(reference);
          dangling.push(reference);
        }
    added = (await index.answering(dangling)).filter((staged) => !seen.has(staged.seq));
    for (const staged of added) {
      seen.add(staged.seq);
      input.push(staged);
    }
  }
  return input;
}
