import { parseFhirMoment } from '../fhir/fhir-date.js';
import { child, children, text, type JsonObject } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { fit } from '../mapping/fit.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { statusDropReason } from '../mapping/status-rules.js';

const NOT_IN_FORCE = ['cancelled', 'draft'];

function classValue(resource: JsonObject, type: string): string | undefined {
  const found = children(resource.class).find((item) =>
    children(child(item.type)?.coding).some((coding) => text(coding.code) === type),
  );
  return text(found?.value) ?? text(found?.name);
}

function partyName(value: unknown): string | undefined {
  const reference = child(value);
  return (
    text(reference?.display) ??
    text(child(reference?.identifier)?.value) ??
    text(reference?.reference)
  );
}

/**
 * Coverage → payer_plan_period of its beneficiary. Payer and plan are kept as source
 * values (their concepts are 0: no payer vocabulary is loaded for FHIR payors). An open
 * coverage ends on the last date of the person's other data in the request (the CDM
 * requires an end), else the day it starts.
 */
export async function mapCoverage(run: MappingRun, entry: InputEntry): Promise<void> {
  const resource = entry.resource;
  const dropReason = statusDropReason('Coverage', resource);
  if (dropReason) return run.drop(entry, dropReason);
  const status = text(resource.status);
  if (status !== undefined && NOT_IN_FORCE.includes(status))
    return run.drop(entry, `status ${status}: the coverage was not in force`);
  const period = child(resource.period);
  const start = parseFhirMoment(period?.start);
  if (!start) return run.drop(entry, 'no period.start: payer_plan_period_start_date is required');
  const beneficiary = resource.beneficiary;
  if (!child(beneficiary)) return run.drop(entry, 'no beneficiary: a coverage needs its patient');
  const personId = personOfBeneficiary(run, entry);
  if (personId === undefined) return;
  const given = parseFhirMoment(period?.end);
  const seen = run.spans.get(personId)?.end;
  const endDate =
    given && given.date >= start.date ? given.date : seen && seen >= start.date ? seen : start.date;
  const id = await run.id('payer_plan_period', entry.key);
  run.tables.payer_plan_period.push({
    payer_plan_period_id: id,
    person_id: personId,
    payer_plan_period_start_date: start.date,
    payer_plan_period_end_date: endDate,
    payer_concept_id: 0,
    payer_source_value: fit(partyName(children(resource.payor)[0]), 50),
    payer_source_concept_id: 0,
    plan_concept_id: 0,
    plan_source_value: fit(classValue(resource, 'plan') ?? classValue(resource, 'group'), 50),
    plan_source_concept_id: 0,
    sponsor_concept_id: 0,
    sponsor_source_value: fit(partyName(resource.policyHolder), 50),
    sponsor_source_concept_id: 0,
    family_source_value: fit(text(resource.subscriberId), 50),
    stop_reason_concept_id: 0,
    stop_reason_source_value: null,
    stop_reason_source_concept_id: 0,
  });
}

/** personOf reads `subject`/`patient`; a Coverage names its patient `beneficiary`. */
function personOfBeneficiary(run: MappingRun, entry: InputEntry): number | undefined {
  const target = run.follow(entry, entry.resource.beneficiary, 'beneficiary', ['Patient']);
  if (!target) {
    run.drop(entry, 'beneficiary does not lead to a Patient in the request');
    return undefined;
  }
  const person = run.persons.get(target);
  if (person === undefined)
    run.drop(
      entry,
      `its patient ${target.key} was not mapped (${run.droppedReason(target) ?? 'not mapped'})`,
    );
  return person;
}
