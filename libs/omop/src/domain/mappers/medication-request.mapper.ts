import { parseFhirMoment } from '../fhir/fhir-date.js';
import { child, children, decimal, text, type JsonObject } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { TypeConcept } from '../vocabulary/type-concepts.js';
import { mapDrugExposure, type DrugExposureReading } from './drug-exposure.js';
import { addDays } from './event-time.js';
import { durationDays } from './medication-parts.js';

const dosageOf = (resource: JsonObject) => children(resource.dosageInstruction)[0];
const boundsOf = (dosage: JsonObject | undefined) =>
  child(child(child(dosage?.timing)?.repeat)?.boundsPeriod);
const validityOf = (resource: JsonObject) => child(child(resource.dispenseRequest)?.validityPeriod);

const request: DrugExposureReading = {
  resourceType: 'MedicationRequest',
  time: (resource) => {
    const start =
      parseFhirMoment(resource.authoredOn) ??
      parseFhirMoment(boundsOf(dosageOf(resource))?.start) ??
      parseFhirMoment(validityOf(resource)?.start);
    return start ? { start } : 'no authoredOn or start date: drug_exposure_start_date is required';
  },
  dosage: dosageOf,
  columns: (_run, entry, time, dosage) => {
    const resource = entry.resource;
    const dispense = child(resource.dispenseRequest);
    const daysSupply = durationDays(dispense?.expectedSupplyDuration);
    const explicitEnd =
      parseFhirMoment(validityOf(resource)?.end) ?? parseFhirMoment(boundsOf(dosage)?.end);
    const statusReason =
      text(child(resource.statusReason)?.text) ??
      text(children(child(resource.statusReason)?.coding)[0]?.code);
    return {
      end: explicitEnd ?? (daysSupply !== undefined ? addDays(time.start, daysSupply) : undefined),
      typeConceptId: TypeConcept.EHR_PRESCRIPTION,
      visit: { value: resource.encounter, path: 'encounter' },
      providers: [{ value: resource.requester, path: 'requester' }],
      drug: {
        stopReason: resource.status === 'stopped' ? (statusReason ?? 'stopped') : statusReason,
        refills: decimal(dispense?.numberOfRepeatsAllowed),
        quantity: decimal(child(dispense?.quantity)?.value),
        daysSupply: daysSupply === undefined ? undefined : Math.round(daysSupply),
        verbatimEndDate: explicitEnd?.date,
      },
    };
  },
};

/**
 * MedicationRequest → drug_exposure (EHR prescription). Starts at authoredOn (else the
 * dosage bounds or the validity period); ends at the validity or bounds end, else after
 * the expected supply duration, else the day it starts.
 */
export async function mapMedicationRequest(run: MappingRun, entry: InputEntry): Promise<void> {
  return mapDrugExposure(run, entry, request);
}
