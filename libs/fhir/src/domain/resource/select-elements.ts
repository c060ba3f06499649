import type { Resource } from '../fhir-types.js';

const SUBSETTED = {
  system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationValue',
  code: 'SUBSETTED',
};

/** `_elements`: the listed top-level elements plus the mandatory ones, tagged SUBSETTED. */
export function selectElements<T extends Resource>(resource: T, elements: readonly string[]): T {
  const keep = new Set(['resourceType', 'id', 'meta', ...elements.map((name) => name.trim())]);
  const subset = Object.fromEntries(
    Object.entries(resource).filter(([name]) => keep.has(name)),
  ) as T;
  subset.meta = { ...subset.meta, tag: [...(subset.meta?.tag ?? []), SUBSETTED] };
  return subset;
}
