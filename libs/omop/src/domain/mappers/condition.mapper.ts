import { parseFhirMoment } from '../fhir/fhir-date.js';
import { child, children, text } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { writeEvent } from '../mapping/clinical-event.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { statusDropReason } from '../mapping/status-rules.js';
import { personOf } from '../mapping/subject.js';
import { resolveCodeableConcept } from '../vocabulary/resolve-codeable-concept.js';
import { ConditionStatus, VERIFICATION_STATUS } from '../vocabulary/ohdsi-conventions.js';
import { CONDITION_CATEGORY, TypeConcept } from '../vocabulary/type-concepts.js';
import { eventTime } from './event-time.js';

function typeConcept(resource: Record<string, unknown>): number {
  for (const category of children(resource.category)) {
    for (const coding of children(category.coding)) {
      const found = CONDITION_CATEGORY[text(coding.code) ?? ''];
      if (found !== undefined) return found;
    }
  }
  return TypeConcept.EHR;
}

function firstCode(concept: unknown): string | undefined {
  for (const coding of children(child(concept)?.coding)) {
    const code = text(coding.code);
    if (code) return code;
  }
  return undefined;
}

/**
 * condition_status_concept_id: the role an Encounter.diagnosis gives the condition
 * (admitting, discharge, primary, secondary), else a resolved clinicalStatus, else the
 * verificationStatus (confirmed, provisional/differential); 0 when none says.
 */
function conditionStatus(
  run: MappingRun,
  entry: InputEntry,
): { conceptId: number; sourceValue?: string } {
  const role = run.diagnosisRoles.get(entry);
  if (role) return role;
  const clinical = firstCode(entry.resource.clinicalStatus);
  if (clinical === 'resolved')
    return { conceptId: ConditionStatus.RESOLVED, sourceValue: clinical };
  const verification = firstCode(entry.resource.verificationStatus);
  const byVerification = verification === undefined ? undefined : VERIFICATION_STATUS[verification];
  if (byVerification !== undefined) return { conceptId: byVerification, sourceValue: verification };
  return { conceptId: 0, sourceValue: clinical };
}

/** Condition → condition_occurrence, or the table its concept's domain names. */
export async function mapCondition(run: MappingRun, entry: InputEntry): Promise<void> {
  const resource = entry.resource;
  const dropReason = statusDropReason('Condition', resource);
  if (dropReason) return run.drop(entry, dropReason);
  const time = eventTime(resource, ['onsetDateTime', 'recordedDate'], ['onsetPeriod']);
  if (!time) return run.drop(entry, 'no onset or recorded date: condition_start_date is required');
  const personId = personOf(run, entry, 'subject');
  if (personId === undefined) return;
  const abatement =
    parseFhirMoment(resource.abatementDateTime) ??
    parseFhirMoment(child(resource.abatementPeriod)?.end);
  const end = abatement && abatement.date >= time.start.date ? abatement : time.end;
  const status = conditionStatus(run, entry);
  await writeEvent(run, {
    entry,
    key: entry.key,
    naturalTable: 'condition_occurrence',
    naturalDomains: ['Condition'],
    concept: await resolveCodeableConcept(resource.code, run.deps.codes, run.deps.concepts, [
      'Condition',
    ]),
    personId,
    start: time.start,
    end,
    typeConceptId: typeConcept(resource),
    visit: { value: resource.encounter, path: 'encounter' },
    providers: [
      { value: resource.asserter, path: 'asserter' },
      { value: resource.recorder, path: 'recorder' },
    ],
    conditionStatus: status.sourceValue,
    conditionStatusConceptId: status.conceptId,
  });
}
