import type { OmopIdAllocator, OmopTableName } from '../ids/omop-id-allocator.js';
import type { MapperDependencies } from '../map-fhir-to-omop.js';

/** Source keys the mapper asked an id for, per table. */
export type IdRequests = Map<OmopTableName, Set<string>>;
/** Ids for the requested keys, keyed by `idKey(table, sourceKey)`. */
export type IdAllocation = (requests: IdRequests) => Promise<Map<string, number>>;

export function idKey(table: OmopTableName, sourceKey: string): string {
  return `${table}\u0000${sourceKey}`;
}

/** Hands out distinct throw-away ids and remembers what was asked. */
class RecordingAllocator implements OmopIdAllocator {
  readonly requests: IdRequests = new Map();
  private readonly given = new Map<string, number>();

  idFor(table: OmopTableName, sourceKey: string): number {
    const key = idKey(table, sourceKey);
    const known = this.given.get(key);
    if (known !== undefined) return known;
    let keys = this.requests.get(table);
    if (!keys) this.requests.set(table, (keys = new Set()));
    keys.add(sourceKey);
    const id = this.given.size + 1;
    this.given.set(key, id);
    return id;
  }
}

/** Answers from the allocated ids; a key the first pass did not ask for is allocated alone. */
class AllocatedIds implements OmopIdAllocator {
  constructor(
    private readonly known: Map<string, number>,
    private readonly allocate: IdAllocation,
  ) {}

  idFor(table: OmopTableName, sourceKey: string): number | Promise<number> {
    const key = idKey(table, sourceKey);
    const id = this.known.get(key);
    if (id !== undefined) return id;
    return this.allocate(new Map([[table, new Set([sourceKey])]])).then((allocated) => {
      const fresh = allocated.get(key);
      if (fresh === undefined) throw new Error(`No id was allocated for ${table} ${sourceKey}`);
      this.known.set(key, fresh);
      return fresh;
    });
  }
}

/**
 * Maps with ids that stay the same across batches and runs. The mapper asks for ids one
 * at a time; asking a database each time would cost a round trip per row. So the input
 * is mapped twice: first to learn every source key (with throw-away ids), then, once all
 * keys are allocated in one go per table, for real. The mapper is deterministic, and
 * its vocabulary lookups are cached, so the second pass is cheap.
 */
export async function mapWithStableIds<Result>(
  map: (input: unknown, deps: MapperDependencies) => Promise<Result>,
  input: unknown,
  deps: Omit<MapperDependencies, 'ids'>,
  allocate: IdAllocation,
): Promise<Result> {
  const recorder = new RecordingAllocator();
  await map(input, { ...deps, ids: recorder });
  const known = await allocate(recorder.requests);
  return map(input, { ...deps, ids: new AllocatedIds(known, allocate) });
}
