import type { OmopMoment } from '../fhir/fhir-date.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import type { UnitResolution } from '../units/unit-resolver.js';
import type { CodeResolution } from '../vocabulary/code-resolver.js';
import { tableForDomain, type EventTable } from '../vocabulary/domain-routing.js';
import type { ConceptChoice } from '../vocabulary/resolve-codeable-concept.js';
import {
  CONCEPT_FIELD,
  EVENT_ROW_BUILDERS,
  type DrugDetails,
  type EventValue,
} from './event-rows.js';
import type { MappingRun, RowPlace } from './mapping-run.js';

/** A clinical record ready to be written: the table follows its standard concept's domain. */
export interface ClinicalEvent {
  entry: InputEntry;
  /** Source key of the row's id: the entry's key, with a suffix for rows beyond the first. */
  key: string;
  /** The table the resource type suggests; used when the concept gives no domain. */
  naturalTable: EventTable;
  /** Domains that fit the resource type: routing elsewhere is reported as DOMAIN_MISMATCH. */
  naturalDomains: readonly string[];
  /** When set, the record stays in this table whatever the domain (value-as-concept patterns). */
  fixedTable?: EventTable;
  concept: ConceptChoice;
  personId: number;
  start: OmopMoment;
  end?: OmopMoment;
  typeConceptId: number;
  visit?: { value: unknown; path: string };
  providers?: { value: unknown; path: string }[];
  value?: EventValue;
  valueConcept?: ConceptChoice;
  unit?: UnitResolution;
  drug?: DrugDetails;
  route?: CodeResolution;
  conditionStatus?: string;
  conditionStatusConceptId?: number;
}

interface Routed {
  table: EventTable;
  mismatch?: string;
}

function route(event: ClinicalEvent): Routed {
  if (event.fixedTable) return { table: event.fixedTable };
  // Without a standard concept, the source concept's domain is the best evidence there is.
  const concept = event.concept.standard ?? event.concept.selected?.source;
  const domain = concept?.domainId || undefined;
  if (domain === undefined) return { table: event.naturalTable };
  const which = event.concept.standard ? 'standard' : 'source';
  const byDomain = tableForDomain(domain);
  if (byDomain === undefined) {
    // IG f2o-081: content without a table of its own goes to observation rather than away.
    return event.naturalTable === 'observation'
      ? { table: 'observation' }
      : {
          table: 'observation',
          mismatch: `the ${which} concept is in the ${domain} domain, which has no table in this response; recorded in observation instead of ${event.naturalTable}`,
        };
  }
  if (event.naturalDomains.includes(domain)) return { table: byDomain };
  return {
    table: byDomain,
    mismatch: `the ${which} concept is in the ${domain} domain, so the record is in ${byDomain} instead of ${event.naturalTable}`,
  };
}

function firstProvider(run: MappingRun, event: ClinicalEvent, at: RowPlace): number | null {
  for (const candidate of event.providers ?? []) {
    const id = run.providerKey(event.entry, candidate.value, candidate.path, at);
    if (id !== null) return id;
  }
  return null;
}

/** Writes the event's row in the table its domain dictates, and reports its codes. */
export async function writeEvent(run: MappingRun, event: ClinicalEvent): Promise<RowPlace> {
  const routed = route(event);
  const id = await run.id(routed.table, event.key);
  const at: RowPlace = { table: routed.table, id };
  const visitId = event.visit
    ? run.visitKey(event.entry, event.visit.value, event.visit.path, event.personId, at)
    : null;
  const providerId = firstProvider(run, event, at);
  const row = EVENT_ROW_BUILDERS[routed.table]({
    id,
    personId: event.personId,
    conceptId: event.concept.standard?.conceptId ?? 0,
    sourceConceptId: event.concept.selected?.source?.conceptId ?? 0,
    sourceValue: event.concept.sourceValue ?? null,
    start: event.start,
    end: event.end,
    typeConceptId: event.typeConceptId,
    visitId,
    providerId,
    value: event.value,
    drug: event.drug,
    conditionStatus: event.conditionStatus,
    conditionStatusConceptId: event.conditionStatusConceptId,
  });
  (run.tables[routed.table] as unknown[]).push(row);
  const preferredDomains = event.naturalDomains;
  run.report(run.place(event.entry, routed.table, CONCEPT_FIELD[routed.table], id), event.concept, {
    preferredDomains,
    mismatch: routed.mismatch,
  });
  const keepsValue = routed.table === 'measurement' || routed.table === 'observation';
  if (event.valueConcept && keepsValue) {
    run.report(
      run.place(event.entry, routed.table, 'value_as_concept_id', id),
      event.valueConcept,
      {
        preferredDomains: ['Meas Value', 'Observation', 'Condition', 'Drug'],
      },
    );
  }
  if (event.unit && keepsValue) {
    run.reportOne(run.place(event.entry, routed.table, 'unit_concept_id', id), event.unit, [
      'Unit',
    ]);
  }
  if (event.route && routed.table === 'drug_exposure') {
    run.reportOne(run.place(event.entry, routed.table, 'route_concept_id', id), event.route, [
      'Route',
    ]);
  }
  run.observe(event.personId, event.start.date, event.end?.date);
  const places = run.eventRows.get(event.entry);
  if (places) places.push(at);
  else run.eventRows.set(event.entry, [at]);
  return at;
}
