import { children } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { writeEvent } from '../mapping/clinical-event.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { statusDropReason } from '../mapping/status-rules.js';
import { personOf } from '../mapping/subject.js';
import { PATIENT_AUTHORS, TypeConcept } from '../vocabulary/type-concepts.js';
import { eventTime } from './event-time.js';
import {
  DRUG_DOMAINS,
  dosageParts,
  doseValue,
  drugDetails,
  medicationConcept,
} from './medication-parts.js';

/** MedicationStatement → drug_exposure; patient self-report when the patient is the information source. */
export async function mapMedicationStatement(run: MappingRun, entry: InputEntry): Promise<void> {
  const resource = entry.resource;
  const dropReason = statusDropReason('MedicationStatement', resource);
  if (dropReason) return run.drop(entry, dropReason);
  const time = eventTime(resource, ['effectiveDateTime', 'dateAsserted'], ['effectivePeriod']);
  if (!time)
    return run.drop(entry, 'no effective or asserted date: drug_exposure_start_date is required');
  const personId = personOf(run, entry, 'subject');
  if (personId === undefined) return;
  const source = run.deps.references.resolve(resource.informationSource, entry);
  const selfReported =
    source.kind === 'resolved' && PATIENT_AUTHORS.includes(source.entry.resourceType);
  const dosage = children(resource.dosage)[0];
  const parts = await dosageParts(run, dosage);
  await writeEvent(run, {
    entry,
    key: entry.key,
    naturalTable: 'drug_exposure',
    naturalDomains: DRUG_DOMAINS,
    concept: await medicationConcept(run, entry),
    personId,
    start: time.start,
    end: time.end,
    typeConceptId: selfReported ? TypeConcept.PATIENT_SELF_REPORT : TypeConcept.EHR,
    visit: { value: resource.context, path: 'context' },
    providers: selfReported
      ? []
      : [{ value: resource.informationSource, path: 'informationSource' }],
    route: parts.route,
    drug: drugDetails(parts, { quantity: doseValue(dosage) }),
  });
}
