import { isObject } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import type { MappingRun } from './mapping-run.js';

/**
 * Starts every code and unit lookup of the mapped resources at once, so that a vocabulary
 * behind a database answers them concurrently; the mappers, which run one after another
 * for deterministic ids, then find them memoised.
 */
export async function prefetchCodes(
  run: MappingRun,
  entries: readonly InputEntry[],
): Promise<void> {
  const pending: Promise<unknown>[] = [];
  // One lookup per distinct code: the resolvers memoise anyway, but a promise per coded
  // element of a batch (tens of thousands) costs allocation and promise-hook time.
  // system → codes already asked for; nested so that no key string is built per element.
  const codes = new Map<string, Set<string>>();
  const units = new Map<string, Set<string>>();
  // Called for objects and arrays only: most values of a resource are text, not worth a call.
  const visit = (value: object, depth: number): void => {
    if (depth > 12) return;
    if (Array.isArray(value)) {
      for (const item of value as unknown[])
        if (typeof item === 'object' && item !== null) visit(item, depth + 1);
      return;
    }
    if (!isObject(value)) return;
    if (typeof value.system === 'string' && typeof value.code === 'string') {
      const isUnit = typeof value.value === 'number';
      const asked = isUnit ? units : codes;
      let ofSystem = asked.get(value.system);
      if (!ofSystem) asked.set(value.system, (ofSystem = new Set()));
      if (ofSystem.has(value.code)) return;
      ofSystem.add(value.code);
      if (isUnit) pending.push(run.deps.units.resolve(value));
      else
        pending.push(run.deps.codes.resolve({ system: value.system, code: value.code, index: 0 }));
      return;
    }
    for (const key in value) {
      const child = value[key];
      if (typeof child === 'object' && child !== null && key !== 'text' && key !== 'contained')
        visit(child, depth + 1);
    }
  };
  for (const entry of entries) visit(entry.resource, 0);
  await Promise.all(pending);
}
