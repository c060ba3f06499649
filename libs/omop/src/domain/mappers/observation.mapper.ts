import { child, children, text, type JsonObject } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { writeEvent, type ClinicalEvent } from '../mapping/clinical-event.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { statusDropReason } from '../mapping/status-rules.js';
import { personOf } from '../mapping/subject.js';
import type { EventTable } from '../vocabulary/domain-routing.js';
import { resolveCodeableConcept } from '../vocabulary/resolve-codeable-concept.js';
import { PATIENT_AUTHORS, TypeConcept } from '../vocabulary/type-concepts.js';
import { eventTime, type EventTime } from './event-time.js';
import { readObservationValue, referenceRange } from './observation-value.js';

const OBSERVATION_DOMAINS = ['Measurement', 'Observation'];
const MEASURED_CATEGORIES = ['laboratory', 'vital-signs'];

function categories(resource: JsonObject): string[] {
  return children(resource.category).flatMap((category) =>
    children(category.coding).map((coding) => text(coding.code) ?? ''),
  );
}

function typeConcept(run: MappingRun, entry: InputEntry, codes: string[]): number {
  const patientReported = children(entry.resource.performer).some((performer) => {
    const outcome = run.deps.references.resolve(performer, entry);
    return outcome.kind === 'resolved' && PATIENT_AUTHORS.includes(outcome.entry.resourceType);
  });
  if (patientReported) return TypeConcept.PATIENT_SELF_REPORT;
  return codes.includes('laboratory') ? TypeConcept.LAB : TypeConcept.EHR;
}

/** When, for an Observation; a contained result without a time takes its report's. */
function observationTime(entry: InputEntry): EventTime | undefined {
  const moments = ['effectiveDateTime', 'effectiveInstant', 'issued'];
  return (
    eventTime(entry.resource, moments, ['effectivePeriod']) ??
    (entry.container
      ? eventTime(entry.container.resource, moments, ['effectivePeriod'])
      : undefined)
  );
}

async function event(
  run: MappingRun,
  base: Omit<ClinicalEvent, 'key' | 'concept' | 'naturalTable'>,
  holder: JsonObject,
  key: string,
  measured: boolean,
): Promise<void> {
  const read = await readObservationValue(run, holder);
  const naturalTable: EventTable =
    measured || child(holder.valueQuantity) ? 'measurement' : 'observation';
  await writeEvent(run, {
    ...base,
    key,
    naturalTable,
    concept: await resolveCodeableConcept(
      holder.code,
      run.deps.codes,
      run.deps.concepts,
      OBSERVATION_DOMAINS,
    ),
    value: { ...read.value, ...referenceRange(holder) },
    valueConcept: read.valueConcept,
    unit: read.unit,
  });
}

/**
 * Observation → measurement or observation by its concept's domain; each component is a
 * row of its own (key `…#component[i]`). A panel with components but no value of its own
 * (a blood pressure panel) writes only its components.
 */
export async function mapObservation(run: MappingRun, entry: InputEntry): Promise<void> {
  const resource = entry.resource;
  const dropReason = statusDropReason('Observation', resource);
  if (dropReason) return run.drop(entry, dropReason);
  const time = observationTime(entry);
  if (!time) return run.drop(entry, 'no effective time or issued date: the record needs a date');
  const personId = personOf(run, entry, 'subject');
  if (personId === undefined) return;
  const codes = categories(resource);
  const measured = codes.some((code) => MEASURED_CATEGORIES.includes(code));
  const base = {
    entry,
    naturalDomains: OBSERVATION_DOMAINS,
    personId,
    start: time.start,
    typeConceptId: typeConcept(run, entry, codes),
    visit: { value: resource.encounter, path: 'encounter' },
    providers: children(resource.performer).map((performer, index) => ({
      value: performer,
      path: `performer[${index}]`,
    })),
  };
  const components = children(resource.component);
  const hasOwnValue = Object.keys(resource).some((key) => key.startsWith('value'));
  if (hasOwnValue || components.length === 0) await event(run, base, resource, entry.key, measured);
  for (const [index, component] of components.entries()) {
    await event(run, base, component, `${entry.key}#component[${index}]`, measured);
  }
}
