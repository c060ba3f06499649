import { parseFhirMoment } from '../fhir/fhir-date.js';
import { child, children, decimal, text } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { fit } from '../mapping/fit.js';
import type { MappingRun, RowPlace } from '../mapping/mapping-run.js';
import { statusDropReason } from '../mapping/status-rules.js';
import { personOf } from '../mapping/subject.js';
import type { FixedMap } from '../vocabulary/hl7-concept-maps.js';
import {
  ADMIT_SOURCE,
  DIAGNOSIS_ROLE,
  DISCHARGE_DISPOSITION,
  ConditionStatus,
} from '../vocabulary/ohdsi-conventions.js';
import { visitSetting } from './encounter-setting.js';
import { TypeConcept } from '../vocabulary/type-concepts.js';

/** Participant types that name who was responsible for the encounter, in order of preference. */
const RESPONSIBLE = ['PPRF', 'ATND', 'SPRF', 'CON'];

function participantRank(participant: Record<string, unknown>): number {
  const codes = children(participant.type).flatMap((type) =>
    children(type.coding).map((coding) => text(coding.code)),
  );
  const rank = RESPONSIBLE.findIndex((code) => codes.includes(code));
  return rank < 0 ? RESPONSIBLE.length : rank;
}

function provider(run: MappingRun, entry: InputEntry, at: RowPlace): number | null {
  const participants = children(entry.resource.participant)
    .map((participant, index) => ({ participant, index }))
    .sort(
      (a, b) =>
        participantRank(a.participant) - participantRank(b.participant) || a.index - b.index,
    );
  for (const { participant, index } of participants) {
    const id = run.providerKey(
      entry,
      participant.individual,
      `participant[${index}].individual`,
      at,
    );
    if (id !== null) return id;
  }
  return null;
}

/** serviceProvider, else the first Location's own care site, else its managing organization. */
function careSite(run: MappingRun, entry: InputEntry, at: RowPlace): number | null {
  const resource = entry.resource;
  if (child(resource.serviceProvider)) {
    return run.foreignKey(
      entry,
      resource.serviceProvider,
      'serviceProvider',
      ['Organization'],
      run.careSites,
      at,
    );
  }
  const first = children(resource.location)[0];
  const location = first
    ? run.follow(entry, first.location, 'location[0].location', ['Location'], at)
    : undefined;
  if (!location) return null;
  const own = run.careSites.get(location);
  if (own !== undefined) return own;
  const organization = run.follow(
    location,
    location.resource.managingOrganization,
    'managingOrganization',
    ['Organization'],
  );
  return organization ? (run.careSites.get(organization) ?? null) : null;
}

interface Coded {
  conceptId: number;
  sourceValue: string | null;
}

/** admitSource / dischargeDisposition through the IG ConceptMap; 0 when absent or unmapped. */
async function hospitalization(
  run: MappingRun,
  entry: InputEntry,
  field: 'admitSource' | 'dischargeDisposition',
  map: FixedMap,
  table: 'visit_occurrence' | 'visit_detail',
  id: number,
  column: string,
): Promise<Coded> {
  const concept = child(child(entry.resource.hospitalization)?.[field]);
  const coding = children(concept?.coding)[0];
  const code = text(coding?.code);
  if (!coding || code === undefined)
    return { conceptId: 0, sourceValue: fit(text(concept?.text), 50) };
  const resolution = await run.fixed(
    { system: text(coding.system), code, display: text(coding.display), index: 0 },
    map.concepts[code],
    map.source,
  );
  run.reportOne(run.place(entry, table, column, id), resolution, ['Visit']);
  return { conceptId: resolution.targets[0]?.conceptId ?? 0, sourceValue: fit(code, 50) };
}

/** Records the condition status each Encounter.diagnosis gives its Condition. */
function recordDiagnosisRoles(run: MappingRun, entry: InputEntry): void {
  for (const [index, diagnosis] of children(entry.resource.diagnosis).entries()) {
    const condition = run.follow(entry, diagnosis.condition, `diagnosis[${index}].condition`, [
      'Condition',
      'Procedure',
    ]);
    if (!condition || condition.resourceType !== 'Condition') continue;
    const use = children(child(diagnosis.use)?.coding)
      .map((coding) => text(coding.code))
      .find((code) => code !== undefined && DIAGNOSIS_ROLE[code] !== undefined);
    const rank = decimal(diagnosis.rank);
    const role =
      use !== undefined
        ? { conceptId: DIAGNOSIS_ROLE[use], sourceValue: use }
        : rank === 1
          ? { conceptId: ConditionStatus.PRIMARY, sourceValue: 'rank 1' }
          : rank !== undefined
            ? { conceptId: ConditionStatus.SECONDARY, sourceValue: `rank ${rank}` }
            : undefined;
    if (role && !run.diagnosisRoles.has(condition)) run.diagnosisRoles.set(condition, role);
  }
}

/** The encounter this one is part of, mapped first; undefined when it has none in the request. */
async function parentEncounter(
  run: MappingRun,
  entry: InputEntry,
): Promise<InputEntry | undefined> {
  if (!child(entry.resource.partOf)) return undefined;
  const parent = run.follow(entry, entry.resource.partOf, 'partOf', ['Encounter']);
  if (!parent || parent === entry) return undefined;
  if (
    !run.visits.has(parent) &&
    !run.droppedReason(parent) &&
    !run.encountersInProgress.has(parent)
  )
    await mapEncounter(run, parent);
  return run.visits.has(parent) ? parent : undefined;
}

/**
 * Encounter → visit_occurrence, or visit_detail when it is part of another Encounter of
 * the request (Encounter.partOf): the detail belongs to its top encounter's visit, and
 * records of the part link to that visit. See docs/ohdsi-conventions.md for the visit concept.
 */
export async function mapEncounter(run: MappingRun, entry: InputEntry): Promise<void> {
  if (run.visits.has(entry) || run.droppedReason(entry) || run.encountersInProgress.has(entry))
    return;
  run.encountersInProgress.add(entry);
  try {
    await mapOne(run, entry);
  } finally {
    run.encountersInProgress.delete(entry);
  }
}

async function mapOne(run: MappingRun, entry: InputEntry): Promise<void> {
  const resource = entry.resource;
  const dropReason = statusDropReason('Encounter', resource);
  if (dropReason) return run.drop(entry, dropReason);
  const period = child(resource.period);
  const start = parseFhirMoment(period?.start);
  if (!start) return run.drop(entry, 'no period.start: visit_start_date is required');
  const personId = personOf(run, entry, 'subject');
  if (personId === undefined) return;
  const given = parseFhirMoment(period?.end);
  const end = given && given.date >= start.date ? given : undefined;
  const parent = await parentEncounter(run, entry);
  const parentVisit = parent === undefined ? undefined : run.visits.get(parent);
  const asDetail = parentVisit !== undefined && run.personOfVisit.get(parentVisit) === personId;
  const table = asDetail ? 'visit_detail' : 'visit_occurrence';
  const id = await run.id(table, entry.key);
  const at: RowPlace = { table, id };
  const visit = await visitSetting(run, entry);
  const admitted = await hospitalization(
    run,
    entry,
    'admitSource',
    ADMIT_SOURCE,
    table,
    id,
    'admitted_from_concept_id',
  );
  const discharged = await hospitalization(
    run,
    entry,
    'dischargeDisposition',
    DISCHARGE_DISPOSITION,
    table,
    id,
    'discharged_to_concept_id',
  );
  const common = {
    person_id: personId,
    provider_id: provider(run, entry, at),
    care_site_id: careSite(run, entry, at),
    admitted_from_concept_id: admitted.conceptId,
    admitted_from_source_value: admitted.sourceValue,
    discharged_to_concept_id: discharged.conceptId,
    discharged_to_source_value: discharged.sourceValue,
  };
  if (asDetail) {
    run.tables.visit_detail.push({
      visit_detail_id: id,
      ...common,
      visit_detail_concept_id: visit.conceptId,
      visit_detail_start_date: start.date,
      visit_detail_start_datetime: start.datetime,
      visit_detail_end_date: end?.date ?? start.date,
      visit_detail_end_datetime: end?.datetime ?? null,
      visit_detail_type_concept_id: TypeConcept.EHR_ENCOUNTER_RECORD,
      visit_detail_source_value: fit(visit.sourceValue, 50),
      visit_detail_source_concept_id: 0,
      preceding_visit_detail_id: null,
      parent_visit_detail_id: run.visitDetails.get(parent!) ?? null,
      visit_occurrence_id: parentVisit,
    });
    run.visitDetails.set(entry, id);
    // Records of the part belong to the visit of the whole.
    run.visits.set(entry, parentVisit);
  } else {
    run.tables.visit_occurrence.push({
      visit_occurrence_id: id,
      ...common,
      visit_concept_id: visit.conceptId,
      visit_start_date: start.date,
      visit_start_datetime: start.datetime,
      // The CDM requires an end: an open encounter is taken to end the day it starts.
      visit_end_date: end?.date ?? start.date,
      visit_end_datetime: end?.datetime ?? null,
      visit_type_concept_id: TypeConcept.EHR_ENCOUNTER_RECORD,
      visit_source_value: fit(visit.sourceValue, 50),
      visit_source_concept_id: 0,
      preceding_visit_occurrence_id: null,
    });
    run.visits.set(entry, id);
    run.personOfVisit.set(id, personId);
  }
  recordDiagnosisRoles(run, entry);
  const field = asDetail ? 'visit_detail_concept_id' : 'visit_concept_id';
  run.reportOne(run.place(entry, table, field, id), visit.resolution, ['Visit']);
  run.observe(personId, start.date, end?.date);
}
