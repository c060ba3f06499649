import { child, children, text } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { writeEvent } from '../mapping/clinical-event.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { statusDropReason } from '../mapping/status-rules.js';
import { personOf } from '../mapping/subject.js';
import { resolveCodeableConcept } from '../vocabulary/resolve-codeable-concept.js';
import { TypeConcept } from '../vocabulary/type-concepts.js';
import { writeDeviceExposure } from './device-exposure.js';
import { eventTime, type EventTime } from './event-time.js';

/** Procedure.focalDevice → a device_exposure per device the procedure used or implanted. */
async function focalDevices(
  run: MappingRun,
  entry: InputEntry,
  personId: number,
  time: EventTime,
): Promise<void> {
  for (const [index, focal] of children(entry.resource.focalDevice).entries()) {
    const manipulated = child(focal.manipulated);
    if (!manipulated) continue;
    const device = run.follow(entry, manipulated, `focalDevice[${index}].manipulated`, ['Device']);
    await writeDeviceExposure(run, {
      entry,
      key: `${entry.key}#focalDevice[${index}]`,
      device,
      fallbackConcept: { text: text(manipulated.display) },
      personId,
      start: time.start,
      end: time.end,
      visit: { value: entry.resource.encounter, path: 'encounter' },
    });
  }
}

/** Procedure → procedure_occurrence, or the table its concept's domain names. */
export async function mapProcedure(run: MappingRun, entry: InputEntry): Promise<void> {
  const resource = entry.resource;
  const dropReason = statusDropReason('Procedure', resource);
  if (dropReason) return run.drop(entry, dropReason);
  const time = eventTime(resource, ['performedDateTime'], ['performedPeriod']);
  if (!time) return run.drop(entry, 'no performed date: procedure_date is required');
  const personId = personOf(run, entry, 'subject');
  if (personId === undefined) return;
  await writeEvent(run, {
    entry,
    key: entry.key,
    naturalTable: 'procedure_occurrence',
    naturalDomains: ['Procedure'],
    concept: await resolveCodeableConcept(resource.code, run.deps.codes, run.deps.concepts, [
      'Procedure',
    ]),
    personId,
    start: time.start,
    end: time.end,
    typeConceptId: TypeConcept.EHR,
    visit: { value: resource.encounter, path: 'encounter' },
    providers: [
      ...children(resource.performer).map((performer, index) => ({
        value: performer.actor,
        path: `performer[${index}].actor`,
      })),
      { value: resource.recorder, path: 'recorder' },
    ],
  });
  await focalDevices(run, entry, personId, time);
}
