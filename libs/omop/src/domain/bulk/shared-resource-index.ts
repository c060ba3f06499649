import type { StagedResource } from './batch-input.js';
import { collectReferences, resourceAliases } from './fhir-references.js';

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

/**
 * The staging numbers of a key's resources: one (most keys: a resource's own aliases),
 * or several in staging order. No array per key: a run's shared resources answer to
 * hundreds of thousands of keys.
 */
type Seqs = number | number[];

function add(index: Map<string, Seqs>, key: string, seq: number): void {
  const known = index.get(key);
  if (known === undefined) index.set(key, seq);
  else if (typeof known === 'number') {
    if (known !== seq) index.set(key, [known, seq]);
  } else if (known[known.length - 1] !== seq) known.push(seq);
}

/**
 * The shared resources of a run (practitioners, organizations, locations…), indexed by
 * every alias they answer to and, once asked, every reference they make, so that each
 * batch finds what its resources point at without asking staging round after round
 * which resource answers to what. Each lookup reads the resources found back from
 * staging, freshly parsed: batches never share objects.
 *
 * The reference index serves only the batches of shared resources (the resources that
 * complete their rows); it is built on their first lookup and can be released when the
 * patients' batches begin, which never use it.
 */
export class SharedResourceIndex {
  private byReference?: Promise<Map<string, Seqs>>;

  private constructor(
    private readonly reader: SharedResourceReader,
    private readonly byAlias: Map<string, Seqs>,
  ) {}

  /** Reads every shared resource once, keeping only its aliases and staging number. */
  static async build(reader: SharedResourceReader): Promise<SharedResourceIndex> {
    const byAlias = new Map<string, Seqs>();
    await reader.each(({ seq, fullUrl, resource }) => {
      for (const alias of resourceAliases(resource, fullUrl ?? undefined)) add(byAlias, alias, seq);
    });
    return new SharedResourceIndex(reader, byAlias);
  }

  /** Shared resources answering to any of these references, in staging order. */
  answering(references: Iterable<string>): Promise<StagedResource[]> {
    return this.lookup(this.byAlias, references);
  }

  /** Shared resources referencing any of these aliases (roles of a practitioner, locations of an organization). */
  async referencing(aliases: Iterable<string>): Promise<StagedResource[]> {
    this.byReference ??= this.referenceIndex();
    const byReference = this.byReference;
    void byReference.catch(() => {
      if (this.byReference === byReference) this.byReference = undefined;
    });
    return this.lookup(await byReference, aliases);
  }

  /** Drops the reference index (built again if `referencing` is asked later). */
  releaseReferences(): void {
    this.byReference = undefined;
  }

  private async referenceIndex(): Promise<Map<string, Seqs>> {
    const index = new Map<string, Seqs>();
    await this.reader.each(({ seq, resource }) => {
      for (const reference of collectReferences(resource)) add(index, reference, seq);
    });
    return index;
  }

  private lookup(index: Map<string, Seqs>, keys: Iterable<string>): Promise<StagedResource[]> {
    const found = new Set<number>();
    for (const key of keys) {
      const seqs = index.get(key);
      if (seqs === undefined) continue;
      if (typeof seqs === 'number') found.add(seqs);
      else for (const seq of seqs) found.add(seq);
    }
    if (found.size === 0) return Promise.resolve([]);
    return this.reader.at([...found].sort((a, b) => a - b));
  }
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
    added = (await index.answering(dangling)).filter((staged) => !seen.has(staged.seq));
    for (const staged of added) {
      seen.add(staged.seq);
      input.push(staged);
    }
  }
  return input;
}
