import { child, children, decimal } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { writeEvent } from '../mapping/clinical-event.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { statusDropReason } from '../mapping/status-rules.js';
import { personOf } from '../mapping/subject.js';
import { TypeConcept } from '../vocabulary/type-concepts.js';
import { addDays, eventTime } from './event-time.js';
import {
  DRUG_DOMAINS,
  dosageParts,
  drugDetails,
  durationDays,
  medicationConcept,
} from './medication-parts.js';

/** MedicationDispense → drug_exposure (EHR dispensing record), ending after its days' supply. */
export async function mapMedicationDispense(run: MappingRun, entry: InputEntry): Promise<void> {
  const resource = entry.resource;
  const dropReason = statusDropReason('MedicationDispense', resource);
  if (dropReason) return run.drop(entry, dropReason);
  const time = eventTime(resource, ['whenHandedOver', 'whenPrepared'], []);
  if (!time)
    return run.drop(
      entry,
      'no whenHandedOver or whenPrepared: drug_exposure_start_date is required',
    );
  const personId = personOf(run, entry, 'subject');
  if (personId === undefined) return;
  const daysSupply = durationDays(resource.daysSupply);
  const dosage = children(resource.dosageInstruction)[0];
  const parts = await dosageParts(run, dosage);
  await writeEvent(run, {
    entry,
    key: entry.key,
    naturalTable: 'drug_exposure',
    naturalDomains: DRUG_DOMAINS,
    concept: await medicationConcept(run, entry),
    personId,
    start: time.start,
    end: daysSupply !== undefined ? addDays(time.start, daysSupply) : undefined,
    typeConceptId: TypeConcept.EHR_DISPENSING_RECORD,
    visit: { value: resource.context, path: 'context' },
    providers: children(resource.performer).map((performer, index) => ({
      value: performer.actor,
      path: `performer[${index}].actor`,
    })),
    route: parts.route,
    drug: drugDetails(parts, {
      quantity: decimal(child(resource.quantity)?.value),
      daysSupply: daysSupply === undefined ? undefined : Math.round(daysSupply),
    }),
  });
}
