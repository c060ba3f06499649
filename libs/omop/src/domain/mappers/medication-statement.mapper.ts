import { children } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { PATIENT_AUTHORS, TypeConcept } from '../vocabulary/type-concepts.js';
import { mapDrugExposure, type DrugExposureReading } from './drug-exposure.js';
import { eventTime } from './event-time.js';
import { doseValue } from './medication-parts.js';

const statement: DrugExposureReading = {
  resourceType: 'MedicationStatement',
  time: (resource) =>
    eventTime(resource, ['effectiveDateTime', 'dateAsserted'], ['effectivePeriod']) ??
    'no effective or asserted date: drug_exposure_start_date is required',
  dosage: (resource) => children(resource.dosage)[0],
  columns: (run, entry, time, dosage) => {
    const resource = entry.resource;
    const source = run.deps.references.resolve(resource.informationSource, entry);
    const selfReported =
      source.kind === 'resolved' && PATIENT_AUTHORS.includes(source.entry.resourceType);
    return {
      end: time.end,
      typeConceptId: selfReported ? TypeConcept.PATIENT_SELF_REPORT : TypeConcept.EHR,
      visit: { value: resource.context, path: 'context' },
      providers: selfReported
        ? []
        : [{ value: resource.informationSource, path: 'informationSource' }],
      drug: { quantity: doseValue(dosage) },
    };
  },
};

/** MedicationStatement → drug_exposure; patient self-report when the patient is the information source. */
export async function mapMedicationStatement(run: MappingRun, entry: InputEntry): Promise<void> {
  return mapDrugExposure(run, entry, statement);
}
