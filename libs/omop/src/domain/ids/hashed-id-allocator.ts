import type { OmopIdAllocator, OmopTableName } from './omop-id-allocator.js';

const MAX_ID = 0x7fffffff;

/** FNV-1a over the UTF-16 code units: fast, stable across runs and platforms. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The id a key gets when nothing else in the response collides with it: 1..2^31-1. */
export function hashedId(table: OmopTableName, sourceKey: string): number {
  return (fnv1a32(`${table}|${sourceKey}`) % MAX_ID) + 1;
}

/**
 * The default allocator: ids are a hash of table + source key, so the same resource gets
 * the same id in every response, and fit the official DDL's `integer` columns. Within one
 * allocator (one response), a second key landing on a taken id probes upward (wrapping
 * to 1); since keys are allocated in input order, the outcome is the same for the same
 * input. Use a fresh allocator per response.
 */
export class HashedOmopIdAllocator implements OmopIdAllocator {
  private readonly byKey = new Map<string, number>();
  private readonly taken = new Map<OmopTableName, Set<number>>();

  idFor(table: OmopTableName, sourceKey: string): number {
    const key = `${table}|${sourceKey}`;
    const known = this.byKey.get(key);
    if (known !== undefined) return known;
    let taken = this.taken.get(table);
    if (!taken) this.taken.set(table, (taken = new Set()));
    let id = hashedId(table, sourceKey);
    while (taken.has(id)) id = id >= MAX_ID ? 1 : id + 1;
    taken.add(id);
    this.byKey.set(key, id);
    return id;
  }
}
