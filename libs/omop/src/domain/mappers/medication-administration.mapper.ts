import { child } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { TypeConcept } from '../vocabulary/type-concepts.js';
import { mapDrugExposure, performers, type DrugExposureReading } from './drug-exposure.js';
import { eventTime } from './event-time.js';
import { doseValue } from './medication-parts.js';

const administration: DrugExposureReading = {
  resourceType: 'MedicationAdministration',
  time: (resource) =>
    eventTime(resource, ['effectiveDateTime'], ['effectivePeriod']) ??
    'no effective time: drug_exposure_start_date is required',
  dosage: (resource) => child(resource.dosage),
  columns: (_run, entry, time, dosage) => ({
    end: time.end,
    typeConceptId: TypeConcept.EHR_ADMINISTRATION_RECORD,
    visit: { value: entry.resource.context, path: 'context' },
    providers: performers(entry.resource),
    drug: { quantity: doseValue(dosage) },
  }),
};

/** MedicationAdministration → drug_exposure (EHR administration record). */
export async function mapMedicationAdministration(
  run: MappingRun,
  entry: InputEntry,
): Promise<void> {
  return mapDrugExposure(run, entry, administration);
}
