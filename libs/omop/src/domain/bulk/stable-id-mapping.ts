import type { OmopIdAllocator, OmopTableName } from '../ids/omop-id-allocator.js';
import type { MapperDependencies } from '../map-fhir-to-omop.js';

/** Source keys the mapper asked an id for, per table. */
export type IdRequests = Map<OmopTableName, Set<string>>;
/** Ids for the requested keys: per table, source key → id. */
export type AllocatedIds = Map<OmopTableName, Map<string, number>>;
export type IdAllocation = (requests: IdRequests) => Promise<AllocatedIds>;

/**
 * Hands out stand-in ids and remembers what was asked. Stand-ins are negative: no id the
 * target allocates is, so an id column's value is a stand-in exactly when it is negative.
 * Stand-in -n stands for the n-th key asked (`tables[n-1]`, `sourceKeys[n-1]`).
 */
class StandInIds implements OmopIdAllocator {
  readonly requests: IdRequests = new Map();
  readonly tables: OmopTableName[] = [];
  readonly sourceKeys: string[] = [];
  /** Per table, source key → the stand-in handed out for it. */
  private readonly given = new Map<OmopTableName, Map<string, number>>();

  idFor(table: OmopTableName, sourceKey: string): number {
    let given = this.given.get(table);
    if (!given) this.given.set(table, (given = new Map<string, number>()));
    const known = given.get(sourceKey);
    if (known !== undefined) return known;
    let keys = this.requests.get(table);
    if (!keys) this.requests.set(table, (keys = new Set()));
    keys.add(sourceKey);
    this.tables.push(table);
    this.sourceKeys.push(sourceKey);
    const id = -this.tables.length;
    given.set(sourceKey, id);
    return id;
  }

  /** The allocated id of every stand-in, at index -standIn - 1. */
  resolved(allocated: AllocatedIds): number[] {
    return this.tables.map((table, index) => {
      const id = allocated.get(table)?.get(this.sourceKeys[index]);
      if (id === undefined)
        throw new Error(`No id was allocated for ${table} ${this.sourceKeys[index]}`);
      return id;
    });
  }
}

const idColumns = new Map<string, boolean>();

/** Columns holding a row id: `person_id`, `preceding_visit_occurrence_id`, `fact_id_1`; not concepts. */
export function isIdColumn(name: string): boolean {
  let known = idColumns.get(name);
  if (known === undefined) {
    known = /_id(_[12])?$/.test(name) && !name.includes('concept_id');
    idColumns.set(name, known);
  }
  return known;
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
  const real = standIns.resolved(await allocate(standIns.requests));
  for (const rows of Object.values(result.tables) as Record<string, unknown>[][])
    for (const row of rows ?? [])
      for (const column in row) {
        const value = row[column];
        if (typeof value === 'number' && value < 0 && isIdColumn(column)) {
          const id = real[-value - 1];
          if (id === undefined) throw new Error(`No id was allocated for stand-in ${value}`);
          row[column] = id;
        }
      }
  return result;
}
