import { children, type JsonObject } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { writeEvent, type ClinicalEvent } from '../mapping/clinical-event.js';
import type { DrugDetails } from '../mapping/event-rows.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { statusDropReason } from '../mapping/status-rules.js';
import { personOf } from '../mapping/subject.js';
import type { EventTime } from './event-time.js';
import { DRUG_DOMAINS, dosageParts, drugDetails, medicationConcept } from './medication-parts.js';

/** The columns one kind of medication resource fills beyond the shared ones. */
export interface DrugExposureColumns extends Pick<
  ClinicalEvent,
  'end' | 'typeConceptId' | 'visit' | 'providers'
> {
  /** drug_exposure's own columns besides what the dosage gives. */
  drug: DrugDetails;
}

/** How one kind of medication resource reads; mapDrugExposure runs the same sequence for all. */
export interface DrugExposureReading {
  resourceType: string;
  /** When it happened, or why drug_exposure_start_date cannot be filled (the entry is dropped). */
  time(resource: JsonObject): EventTime | string;
  dosage(resource: JsonObject): JsonObject | undefined;
  columns(
    run: MappingRun,
    entry: InputEntry,
    time: EventTime,
    dosage: JsonObject | undefined,
  ): DrugExposureColumns;
}

/** Drop → time → person → dosage → one drug_exposure row, for every medication resource. */
export async function mapDrugExposure(
  run: MappingRun,
  entry: InputEntry,
  reading: DrugExposureReading,
): Promise<void> {
  const resource = entry.resource;
  const dropReason = statusDropReason(reading.resourceType, resource);
  if (dropReason) return run.drop(entry, dropReason);
  const time = reading.time(resource);
  if (typeof time === 'string') return run.drop(entry, time);
  const personId = personOf(run, entry, 'subject');
  if (personId === undefined) return;
  const dosage = reading.dosage(resource);
  const { drug, ...columns } = reading.columns(run, entry, time, dosage);
  const parts = await dosageParts(run, dosage);
  await writeEvent(run, {
    entry,
    key: entry.key,
    naturalTable: 'drug_exposure',
    naturalDomains: DRUG_DOMAINS,
    concept: await medicationConcept(run, entry),
    personId,
    start: time.start,
    ...columns,
    route: parts.route,
    drug: drugDetails(parts, drug),
  });
}

/** The performers' actors, each with the path it was read from. */
export function performers(resource: JsonObject): { value: unknown; path: string }[] {
  return children(resource.performer).map((performer, index) => ({
    value: performer.actor,
    path: `performer[${index}].actor`,
  }));
}
