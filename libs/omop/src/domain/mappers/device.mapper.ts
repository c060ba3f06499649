import { parseFhirMoment } from '../fhir/fhir-date.js';
import { text } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { personOf } from '../mapping/subject.js';
import { writeDeviceExposure } from './device-exposure.js';

/** Device statuses that mean it was never used on the patient. */
const NOT_USED = ['entered-in-error', 'inactive'];

/**
 * Device with a patient → device_exposure, unless a Procedure.focalDevice or a
 * DeviceUseStatement already wrote its use. R4 Device has no date of use: the
 * manufactureDate stands for the start (US Core implantable devices are made shortly
 * before they are implanted) and the expirationDate is not an end of exposure.
 * A Device without a patient is equipment, not an exposure: it is dropped with the reason.
 */
export async function mapDevice(run: MappingRun, entry: InputEntry): Promise<void> {
  if (run.deviceExposures.has(entry)) return;
  const resource = entry.resource;
  const status = text(resource.status);
  if (status !== undefined && NOT_USED.includes(status))
    return run.drop(entry, `status ${status}: not a device in use`);
  if (!resource.patient) return run.drop(entry, 'no patient: equipment, not a device exposure');
  const start = parseFhirMoment(resource.manufactureDate);
  if (!start)
    return run.drop(
      entry,
      'no use of it and no manufactureDate: device_exposure_start_date is required',
    );
  const personId = personOf(run, entry, 'patient');
  if (personId === undefined) return;
  await writeDeviceExposure(run, { entry, key: entry.key, device: entry, personId, start });
}
