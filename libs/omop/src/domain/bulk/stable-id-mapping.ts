import type { OmopIdAllocator, OmopTableName } from '../ids/omop-id-allocator.js';
import type { MapperDependencies } from '../map-fhir-to-omop.js';

/** Source keys the mapper asked an id for, per table. */
export type IdRequests = Map<OmopTableName, Set<string>>;
/** Ids for the requested keys, keyed by `idKey(table, sourceKey)`. */
export type IdAllocation = (requests: IdRequests) => Promise<Map<string, number>>;

export function idKey(table: OmopTableName, sourceKey: string): string {
  return `${table}\u0000${sourceKey}`;
}

/**
 * Hands out stand-in ids and remembers what was asked. Stand-ins are negative: no id the
 * target allocates is, so an id column's value is a stand-in exactly when it is negative.
 */
class StandInIds implements OmopIdAllocator {
  readonly requests: IdRequests = new Map();
  /** Stand-in id → idKey of what it stands for. */
  readonly keys = new Map<number, string>();
  private readonly given = new Map<string, number>();

  idFor(table: OmopTableName, sourceKey: string): number {
    const key = idKey(table, sourceKey);
    const known = this.given.get(key);
    if (known !== undefined) return known;
    let keys = this.requests.get(table);
    if (!keys) this.requests.set(table, (keys = new Set()));
    keys.add(sourceKey);
    const id = -(this.given.size + 1);
    this.given.set(key, id);
    this.keys.set(id, key);
    return id;
  }
}

/** Columns holding a row id: `person_id`, `preceding_visit_occurrence_id`, `fact_id_1`; not concepts. */
function isIdColumn(name: string): boolean {
  return /_id(_[12])?$/.test(name) && !name.includes('concept_id');
}

/**
 * Maps with ids that stay the same across batches and runs. The mapper asks for ids one
 * at a time; asking a database each time would cost a round trip per row. So the input
 * is mapped once with stand-in ids (the mapper orders and links rows by source key, never
 * by id value), every key is then allocated in one go per table, and the stand-ins in
 * the rows' id columns are replaced by the allocated ids.
 */
export async function mapWithStableIds<Result extends { tables: object }>(
  map: (input: unknown, deps: MapperDependencies) => Promise<Result>,
  input: unknown,
  deps: Omit<MapperDependencies, 'ids'>,
  allocate: IdAllocation,
): Promise<Result> {
  const standIns = new StandInIds();
  const result = await map(input, { ...deps, ids: standIns });
  const allocated = await allocate(standIns.requests);
  const real = (standIn: number): number => {
    const id = allocated.get(standIns.keys.get(standIn) ?? '');
    if (id === undefined) throw new Error(`No id was allocated for ${standIns.keys.get(standIn)}`);
    return id;
  };
  for (const rows of Object.values(result.tables) as Record<string, unknown>[][])
    for (const row of rows ?? [])
      for (const column in row) {
        const value = row[column];
        if (typeof value === 'number' && value < 0 && isIdColumn(column)) row[column] = real(value);
      }
  return result;
}
