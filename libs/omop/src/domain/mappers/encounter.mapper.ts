import { parseFhirMoment } from '../fhir/fhir-date.js';
import { child, children, text } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { fit } from '../mapping/fit.js';
import type { MappingRun, RowPlace } from '../mapping/mapping-run.js';
import { statusDropReason } from '../mapping/status-rules.js';
import { personOf } from '../mapping/subject.js';
import { ACT_CODE_SYSTEMS, ENCOUNTER_CLASS } from '../vocabulary/hl7-concept-maps.js';
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

/** serviceProvider, else the managing organization of the first location. */
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
  const organization = run.follow(
    location,
    location.resource.managingOrganization,
    'managingOrganization',
    ['Organization'],
  );
  return organization ? (run.careSites.get(organization) ?? null) : null;
}

/** Encounter → visit_occurrence; the visit concept follows Encounter.class (IG ConceptMap EncounterClass). */
export async function mapEncounter(run: MappingRun, entry: InputEntry): Promise<void> {
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
  const id = await run.id('visit_occurrence', entry.key);
  const at: RowPlace = { table: 'visit_occurrence', id };
  const encounterClass = child(resource.class) ?? {};
  const classCode = text(encounterClass.code);
  const classSystem = text(encounterClass.system);
  const known = classSystem === undefined || ACT_CODE_SYSTEMS.includes(classSystem);
  const visit = await run.fixed(
    { system: classSystem, code: classCode, display: text(encounterClass.display), index: 0 },
    known && classCode !== undefined ? ENCOUNTER_CLASS.concepts[classCode] : undefined,
    ENCOUNTER_CLASS.source,
  );
  run.tables.visit_occurrence.push({
    visit_occurrence_id: id,
    person_id: personId,
    visit_concept_id: visit.targets[0]?.conceptId ?? 0,
    visit_start_date: start.date,
    visit_start_datetime: start.datetime,
    // The CDM requires an end: an open encounter is taken to end the day it starts.
    visit_end_date: end?.date ?? start.date,
    visit_end_datetime: end?.datetime ?? null,
    visit_type_concept_id: TypeConcept.EHR_ENCOUNTER_RECORD,
    provider_id: provider(run, entry, at),
    care_site_id: careSite(run, entry, at),
    visit_source_value: fit(classCode, 50),
    visit_source_concept_id: 0,
  });
  run.visits.set(entry, id);
  run.personOfVisit.set(id, personId);
  run.reportOne(run.place(entry, 'visit_occurrence', 'visit_concept_id', id), visit, ['Visit']);
  run.observe(personId, start.date, end?.date);
}
