import type { OmopMoment } from '../fhir/fhir-date.js';
import type {
  ConditionOccurrenceRow,
  DrugExposureRow,
  MeasurementRow,
  ObservationRow,
  ProcedureOccurrenceRow,
} from '../model/omop-rows.js';
import type { EventTable } from '../vocabulary/domain-routing.js';
import { fit } from './fit.js';

/** The value side of a measurement or observation. */
export interface EventValue {
  number?: number;
  operatorConceptId?: number;
  conceptId?: number;
  string?: string;
  unitConceptId?: number;
  unitSourceValue?: string;
  rangeLow?: number;
  rangeHigh?: number;
  sourceValue?: string;
}

export interface DrugDetails {
  stopReason?: string;
  refills?: number;
  quantity?: number;
  daysSupply?: number;
  sig?: string;
  routeConceptId?: number;
  routeSourceValue?: string;
  lotNumber?: string;
  verbatimEndDate?: string;
}

/** Everything a clinical event row is made of, resolved. */
export interface EventParts {
  id: number;
  personId: number;
  conceptId: number;
  sourceConceptId: number;
  sourceValue: string | null;
  start: OmopMoment;
  end?: OmopMoment;
  typeConceptId: number;
  visitId: number | null;
  providerId: number | null;
  value?: EventValue;
  drug?: DrugDetails;
  conditionStatus?: string;
  conditionStatusConceptId?: number;
}

export type EventRow =
  | ConditionOccurrenceRow
  | DrugExposureRow
  | ProcedureOccurrenceRow
  | MeasurementRow
  | ObservationRow;

function condition(parts: EventParts): ConditionOccurrenceRow {
  return {
    condition_occurrence_id: parts.id,
    person_id: parts.personId,
    condition_concept_id: parts.conceptId,
    condition_start_date: parts.start.date,
    condition_start_datetime: parts.start.datetime,
    condition_end_date: parts.end?.date ?? null,
    condition_end_datetime: parts.end?.datetime ?? null,
    condition_type_concept_id: parts.typeConceptId,
    condition_status_concept_id: parts.conditionStatusConceptId ?? 0,
    visit_occurrence_id: parts.visitId,
    provider_id: parts.providerId,
    condition_source_value: fit(parts.sourceValue, 50),
    condition_source_concept_id: parts.sourceConceptId,
    condition_status_source_value: fit(parts.conditionStatus, 50),
  };
}

function drug(parts: EventParts): DrugExposureRow {
  const details = parts.drug ?? {};
  // The CDM requires an end date; without one the exposure is taken to end the day it starts.
  const end = parts.end ?? parts.start;
  return {
    drug_exposure_id: parts.id,
    person_id: parts.personId,
    drug_concept_id: parts.conceptId,
    drug_exposure_start_date: parts.start.date,
    drug_exposure_start_datetime: parts.start.datetime,
    drug_exposure_end_date: end.date,
    drug_exposure_end_datetime: end.datetime,
    verbatim_end_date: details.verbatimEndDate ?? null,
    drug_type_concept_id: parts.typeConceptId,
    stop_reason: fit(details.stopReason, 20),
    refills: details.refills ?? null,
    quantity: details.quantity ?? null,
    days_supply: details.daysSupply ?? null,
    sig: details.sig ?? null,
    route_concept_id: details.routeConceptId ?? 0,
    lot_number: fit(details.lotNumber, 50),
    visit_occurrence_id: parts.visitId,
    provider_id: parts.providerId,
    drug_source_value: fit(parts.sourceValue, 50),
    drug_source_concept_id: parts.sourceConceptId,
    route_source_value: fit(details.routeSourceValue, 50),
  };
}

function procedure(parts: EventParts): ProcedureOccurrenceRow {
  return {
    procedure_occurrence_id: parts.id,
    person_id: parts.personId,
    procedure_concept_id: parts.conceptId,
    procedure_date: parts.start.date,
    procedure_datetime: parts.start.datetime,
    procedure_end_date: parts.end?.date ?? null,
    procedure_end_datetime: parts.end?.datetime ?? null,
    procedure_type_concept_id: parts.typeConceptId,
    modifier_concept_id: 0,
    visit_occurrence_id: parts.visitId,
    provider_id: parts.providerId,
    procedure_source_value: fit(parts.sourceValue, 50),
    procedure_source_concept_id: parts.sourceConceptId,
  };
}

function measurement(parts: EventParts): MeasurementRow {
  const value = parts.value ?? {};
  return {
    measurement_id: parts.id,
    person_id: parts.personId,
    measurement_concept_id: parts.conceptId,
    measurement_date: parts.start.date,
    measurement_datetime: parts.start.datetime,
    measurement_type_concept_id: parts.typeConceptId,
    value_as_number: value.number ?? null,
    operator_concept_id: value.operatorConceptId ?? 0,
    value_as_concept_id: value.conceptId ?? 0,
    unit_concept_id: value.unitConceptId ?? 0,
    range_low: value.rangeLow ?? null,
    range_high: value.rangeHigh ?? null,
    visit_occurrence_id: parts.visitId,
    provider_id: parts.providerId,
    measurement_source_value: fit(parts.sourceValue, 50),
    measurement_source_concept_id: parts.sourceConceptId,
    unit_source_concept_id: value.unitConceptId ?? 0,
    unit_source_value: fit(value.unitSourceValue, 50),
    value_source_value: fit(value.sourceValue, 50),
  };
}

function observation(parts: EventParts): ObservationRow {
  const value = parts.value ?? {};
  return {
    observation_id: parts.id,
    person_id: parts.personId,
    observation_concept_id: parts.conceptId,
    observation_date: parts.start.date,
    observation_datetime: parts.start.datetime,
    observation_type_concept_id: parts.typeConceptId,
    value_as_number: value.number ?? null,
    value_as_string: fit(value.string, 60),
    value_as_concept_id: value.conceptId ?? 0,
    qualifier_concept_id: 0,
    unit_concept_id: value.unitConceptId ?? 0,
    visit_occurrence_id: parts.visitId,
    provider_id: parts.providerId,
    observation_source_value: fit(parts.sourceValue, 50),
    observation_source_concept_id: parts.sourceConceptId,
    unit_source_value: fit(value.unitSourceValue, 50),
    value_source_value: fit(value.sourceValue, 50),
  };
}

export const EVENT_ROW_BUILDERS: Readonly<Record<EventTable, (parts: EventParts) => EventRow>> = {
  condition_occurrence: condition,
  drug_exposure: drug,
  procedure_occurrence: procedure,
  measurement,
  observation,
};

/** The field of each event table that holds the event's concept. */
export const CONCEPT_FIELD: Readonly<Record<EventTable, string>> = {
  condition_occurrence: 'condition_concept_id',
  drug_exposure: 'drug_concept_id',
  procedure_occurrence: 'procedure_concept_id',
  measurement: 'measurement_concept_id',
  observation: 'observation_concept_id',
};
