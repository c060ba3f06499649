import { child } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import type { MappingRun } from './mapping-run.js';

/** The patient reference of a resource; a contained resource without one inherits its container's. */
function subjectOf(entry: InputEntry, field: string): { value: unknown; path: string } | undefined {
  const own = entry.resource[field];
  if (child(own)) return { value: own, path: field };
  const container = entry.container;
  if (!container) return undefined;
  for (const name of ['subject', 'patient']) {
    if (child(container.resource[name]))
      return { value: container.resource[name], path: `(container).${name}` };
  }
  return undefined;
}

/**
 * The person a clinical record belongs to. Without one the record cannot be written
 * (person_id is required), so the resource is dropped with the reason.
 */
export function personOf(
  run: MappingRun,
  entry: InputEntry,
  field: 'subject' | 'patient',
): number | undefined {
  const subject = subjectOf(entry, field);
  if (!subject) {
    run.drop(entry, `no ${field}: a clinical record needs its patient`);
    return undefined;
  }
  const target = run.follow(entry, subject.value, subject.path, ['Patient']);
  if (!target) {
    run.drop(entry, `${field} does not lead to a Patient in the request`);
    return undefined;
  }
  const person = run.persons.get(target);
  if (person === undefined) {
    run.drop(
      entry,
      `its patient ${target.key} was not mapped (${run.droppedReason(target) ?? 'not mapped'})`,
    );
    return undefined;
  }
  return person;
}
