import type { OmopMoment } from '../fhir/fhir-date.js';
import { child, children, text, type JsonObject } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { fit } from '../mapping/fit.js';
import type { MappingRun, RowPlace } from '../mapping/mapping-run.js';
import { resolveCodeableConcept } from '../vocabulary/resolve-codeable-concept.js';
import { TypeConcept } from '../vocabulary/type-concepts.js';

/** What one device_exposure row is made of. */
export interface DeviceUse {
  /** The resource the row is made from (reports and ids name it). */
  entry: InputEntry;
  key: string;
  /** The Device resource, when the use names one in the request. */
  device?: InputEntry;
  /** The device's kind when no Device resource gives it (e.g. focalDevice.manipulated.display). */
  fallbackConcept?: unknown;
  personId: number;
  start: OmopMoment;
  end?: OmopMoment;
  visit?: { value: unknown; path: string };
  provider?: { value: unknown; path: string };
}

function udi(device: JsonObject | undefined): string | undefined {
  const carrier = children(device?.udiCarrier)[0];
  return (
    text(carrier?.carrierHRF) ?? text(carrier?.deviceIdentifier) ?? text(device?.distinctIdentifier)
  );
}

/**
 * Writes a device_exposure row: the device concept from Device.type (any domain is kept:
 * the row is about a device whatever its concept says), the UDI and lot, the dates of the use.
 */
export async function writeDeviceExposure(run: MappingRun, use: DeviceUse): Promise<number> {
  const id = await run.id('device_exposure', use.key);
  const at: RowPlace = { table: 'device_exposure', id };
  const device = use.device?.resource;
  const concept = await resolveCodeableConcept(
    device ? device.type : use.fallbackConcept,
    run.deps.codes,
    run.deps.concepts,
    ['Device'],
  );
  const visitId = use.visit
    ? run.visitKey(use.entry, use.visit.value, use.visit.path, use.personId, at)
    : null;
  const providerId = use.provider
    ? run.providerKey(use.entry, use.provider.value, use.provider.path, at)
    : null;
  run.tables.device_exposure.push({
    device_exposure_id: id,
    person_id: use.personId,
    device_concept_id: concept.standard?.conceptId ?? 0,
    device_exposure_start_date: use.start.date,
    device_exposure_start_datetime: use.start.datetime,
    device_exposure_end_date: use.end?.date ?? null,
    device_exposure_end_datetime: use.end?.datetime ?? null,
    device_type_concept_id: TypeConcept.EHR,
    unique_device_id: fit(udi(device), 255),
    production_id: fit(text(device?.lotNumber) ?? text(device?.serialNumber), 255),
    quantity: null,
    provider_id: providerId,
    visit_occurrence_id: visitId,
    device_source_value: fit(concept.sourceValue ?? text(child(use.fallbackConcept)?.text), 50),
    device_source_concept_id: concept.selected?.source?.conceptId ?? 0,
    unit_concept_id: 0,
    unit_source_value: null,
  });
  run.report(run.place(use.entry, 'device_exposure', 'device_concept_id', id), concept, {
    preferredDomains: ['Device'],
  });
  run.observe(use.personId, use.start.date, use.end?.date);
  if (use.device) run.deviceExposures.set(use.device, id);
  return id;
}
