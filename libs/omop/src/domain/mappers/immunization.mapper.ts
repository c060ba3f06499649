import { child, children, decimal, flag, text } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { writeEvent } from '../mapping/clinical-event.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { statusDropReason } from '../mapping/status-rules.js';
import { personOf } from '../mapping/subject.js';
import type { CodeResolution } from '../vocabulary/code-resolver.js';
import { ROUTE, ROUTE_SYSTEM } from '../vocabulary/hl7-concept-maps.js';
import { resolveCodeableConcept } from '../vocabulary/resolve-codeable-concept.js';
import { IMMUNIZATION_ORIGIN, TypeConcept } from '../vocabulary/type-concepts.js';
import { eventTime } from './event-time.js';
import { DRUG_DOMAINS } from './medication-parts.js';

/** reportOrigin per the IG ConceptMap ImmunizationSource; a primary source is the administering record. */
function typeConcept(resource: Record<string, unknown>): number {
  for (const coding of children(child(resource.reportOrigin)?.coding)) {
    const found = IMMUNIZATION_ORIGIN[text(coding.code) ?? ''];
    if (found !== undefined) return found;
  }
  return flag(resource.primarySource) === true
    ? TypeConcept.EHR_ADMINISTRATION_RECORD
    : TypeConcept.EHR;
}

/** v3 RouteOfAdministration codes through the IG ConceptMap; any other route through the vocabulary. */
async function route(run: MappingRun, value: unknown): Promise<CodeResolution | undefined> {
  const concept = child(value);
  if (!concept) return undefined;
  const coding = children(concept.coding).find((item) => text(item.system) === ROUTE_SYSTEM);
  if (coding) {
    const code = text(coding.code);
    return run.fixed(
      { system: ROUTE_SYSTEM, code, display: text(coding.display), index: 0 },
      code === undefined ? undefined : ROUTE.concepts[code],
      ROUTE.source,
    );
  }
  const choice = await resolveCodeableConcept(concept, run.deps.codes, run.deps.concepts, [
    'Route',
  ]);
  return choice.selected;
}

/** Immunization → drug_exposure: vaccine, route, lot number, dose. */
export async function mapImmunization(run: MappingRun, entry: InputEntry): Promise<void> {
  const resource = entry.resource;
  const dropReason = statusDropReason('Immunization', resource);
  if (dropReason) return run.drop(entry, dropReason);
  const time = eventTime(resource, ['occurrenceDateTime', 'recorded'], []);
  if (!time) return run.drop(entry, 'no occurrenceDateTime: drug_exposure_start_date is required');
  const personId = personOf(run, entry, 'patient');
  if (personId === undefined) return;
  const routeResolution = await route(run, resource.route);
  const routeTarget = routeResolution?.targets[0];
  await writeEvent(run, {
    entry,
    key: entry.key,
    naturalTable: 'drug_exposure',
    naturalDomains: DRUG_DOMAINS,
    concept: await resolveCodeableConcept(
      resource.vaccineCode,
      run.deps.codes,
      run.deps.concepts,
      DRUG_DOMAINS,
    ),
    personId,
    start: time.start,
    typeConceptId: typeConcept(resource),
    visit: { value: resource.encounter, path: 'encounter' },
    providers: children(resource.performer).map((performer, index) => ({
      value: performer.actor,
      path: `performer[${index}].actor`,
    })),
    route: routeResolution,
    drug: {
      lotNumber: text(resource.lotNumber),
      quantity: decimal(child(resource.doseQuantity)?.value),
      routeConceptId: routeResolution
        ? routeTarget?.domainId === 'Route' || routeTarget?.domainId === ''
          ? routeTarget.conceptId
          : 0
        : undefined,
      routeSourceValue: routeResolution?.coding.code,
    },
  });
}
