import { parseFhirMoment } from '../fhir/fhir-date.js';
import { child, children, decimal, text } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { writeEvent } from '../mapping/clinical-event.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { statusDropReason } from '../mapping/status-rules.js';
import { personOf } from '../mapping/subject.js';
import { TypeConcept } from '../vocabulary/type-concepts.js';
import { addDays } from './event-time.js';
import {
  DRUG_DOMAINS,
  dosageParts,
  drugDetails,
  durationDays,
  medicationConcept,
} from './medication-parts.js';

/**
 * MedicationRequest → drug_exposure (EHR prescription). Starts at authoredOn (else the
 * dosage bounds or the validity period); ends at the validity or bounds end, else after
 * the expected supply duration, else the day it starts.
 */
export async function mapMedicationRequest(run: MappingRun, entry: InputEntry): Promise<void> {
  const resource = entry.resource;
  const dropReason = statusDropReason('MedicationRequest', resource);
  if (dropReason) return run.drop(entry, dropReason);
  const dosage = children(resource.dosageInstruction)[0];
  const bounds = child(child(child(dosage?.timing)?.repeat)?.boundsPeriod);
  const dispense = child(resource.dispenseRequest);
  const validity = child(dispense?.validityPeriod);
  const start =
    parseFhirMoment(resource.authoredOn) ??
    parseFhirMoment(bounds?.start) ??
    parseFhirMoment(validity?.start);
  if (!start)
    return run.drop(entry, 'no authoredOn or start date: drug_exposure_start_date is required');
  const personId = personOf(run, entry, 'subject');
  if (personId === undefined) return;
  const daysSupply = durationDays(dispense?.expectedSupplyDuration);
  const explicitEnd = parseFhirMoment(validity?.end) ?? parseFhirMoment(bounds?.end);
  const end = explicitEnd ?? (daysSupply !== undefined ? addDays(start, daysSupply) : undefined);
  const parts = await dosageParts(run, dosage);
  const statusReason =
    text(child(resource.statusReason)?.text) ??
    text(children(child(resource.statusReason)?.coding)[0]?.code);
  await writeEvent(run, {
    entry,
    key: entry.key,
    naturalTable: 'drug_exposure',
    naturalDomains: DRUG_DOMAINS,
    concept: await medicationConcept(run, entry),
    personId,
    start,
    end,
    typeConceptId: TypeConcept.EHR_PRESCRIPTION,
    visit: { value: resource.encounter, path: 'encounter' },
    providers: [{ value: resource.requester, path: 'requester' }],
    route: parts.route,
    drug: drugDetails(parts, {
      stopReason: resource.status === 'stopped' ? (statusReason ?? 'stopped') : statusReason,
      refills: decimal(dispense?.numberOfRepeatsAllowed),
      quantity: decimal(child(dispense?.quantity)?.value),
      daysSupply: daysSupply === undefined ? undefined : Math.round(daysSupply),
      verbatimEndDate: explicitEnd?.date,
    }),
  });
}
