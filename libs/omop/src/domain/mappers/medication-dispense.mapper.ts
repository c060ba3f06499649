import { child, children, decimal } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { TypeConcept } from '../vocabulary/type-concepts.js';
import { mapDrugExposure, performers, type DrugExposureReading } from './drug-exposure.js';
import { addDays, eventTime } from './event-time.js';
import { durationDays } from './medication-parts.js';

const dispense: DrugExposureReading = {
  resourceType: 'MedicationDispense',
  time: (resource) =>
    eventTime(resource, ['whenHandedOver', 'whenPrepared'], []) ??
    'no whenHandedOver or whenPrepared: drug_exposure_start_date is required',
  dosage: (resource) => children(resource.dosageInstruction)[0],
  columns: (_run, entry, time) => {
    const resource = entry.resource;
    const daysSupply = durationDays(resource.daysSupply);
    return {
      end: daysSupply !== undefined ? addDays(time.start, daysSupply) : undefined,
      typeConceptId: TypeConcept.EHR_DISPENSING_RECORD,
      visit: { value: resource.context, path: 'context' },
      providers: performers(resource),
      drug: {
        quantity: decimal(child(resource.quantity)?.value),
        daysSupply: daysSupply === undefined ? undefined : Math.round(daysSupply),
      },
    };
  },
};

/** MedicationDispense → drug_exposure (EHR dispensing record), ending after its days' supply. */
export async function mapMedicationDispense(run: MappingRun, entry: InputEntry): Promise<void> {
  return mapDrugExposure(run, entry, dispense);
}
