import { child, text } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { personOf } from '../mapping/subject.js';
import { writeDeviceExposure } from './device-exposure.js';
import { eventTime } from './event-time.js';

const NOT_USED = ['entered-in-error', 'intended', 'not-done'];

/** DeviceUseStatement → device_exposure over its timing (else the date it was recorded). */
export async function mapDeviceUseStatement(run: MappingRun, entry: InputEntry): Promise<void> {
  const resource = entry.resource;
  const status = text(resource.status);
  if (status !== undefined && NOT_USED.includes(status))
    return run.drop(entry, `status ${status}: the device was not used`);
  const time = eventTime(resource, ['timingDateTime', 'recordedOn'], ['timingPeriod']);
  if (!time)
    return run.drop(entry, 'no timing or recordedOn: device_exposure_start_date is required');
  const personId = personOf(run, entry, 'subject');
  if (personId === undefined) return;
  const device = run.follow(entry, resource.device, 'device', ['Device']);
  await writeDeviceExposure(run, {
    entry,
    key: entry.key,
    device,
    fallbackConcept: child(resource.device)
      ? { text: text(child(resource.device)?.display) }
      : undefined,
    personId,
    start: time.start,
    end: time.end,
    provider: { value: resource.source, path: 'source' },
  });
}
