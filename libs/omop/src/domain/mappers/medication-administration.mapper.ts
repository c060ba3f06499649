import { child, children } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { writeEvent } from '../mapping/clinical-event.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { statusDropReason } from '../mapping/status-rules.js';
import { personOf } from '../mapping/subject.js';
import { TypeConcept } from '../vocabulary/type-concepts.js';
import { eventTime } from './event-time.js';
import {
  DRUG_DOMAINS,
  dosageParts,
  doseValue,
  drugDetails,
  medicationConcept,
} from './medication-parts.js';

/** MedicationAdministration → drug_exposure (EHR administration record). */
export async function mapMedicationAdministration(
  run: MappingRun,
  entry: InputEntry,
): Promise<void> {
  const resource = entry.resource;
  const dropReason = statusDropReason('MedicationAdministration', resource);
  if (dropReason) return run.drop(entry, dropReason);
  const time = eventTime(resource, ['effectiveDateTime'], ['effectivePeriod']);
  if (!time) return run.drop(entry, 'no effective time: drug_exposure_start_date is required');
  const personId = personOf(run, entry, 'subject');
  if (personId === undefined) return;
  const dosage = child(resource.dosage);
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
    typeConceptId: TypeConcept.EHR_ADMINISTRATION_RECORD,
    visit: { value: resource.context, path: 'context' },
    providers: children(resource.performer).map((performer, index) => ({
      value: performer.actor,
      path: `performer[${index}].actor`,
    })),
    route: parts.route,
    drug: drugDetails(parts, { quantity: doseValue(dosage) }),
  });
}
