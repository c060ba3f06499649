/**
 * Rows of the OMOP CDM v5.4 tables as the response carries them (spec field names).
 * Ids are integers; dates are `YYYY-MM-DD`, datetimes ISO 8601; absent data is null.
 */
export interface LocationRow {
  location_id: number;
  address_1: string | null;
  address_2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  county: string | null;
  location_source_value: string | null;
  country_concept_id: number | null;
  country_source_value: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface CareSiteRow {
  care_site_id: number;
  care_site_name: string | null;
  place_of_service_concept_id: number;
  location_id: number | null;
  care_site_source_value: string | null;
  place_of_service_source_value: string | null;
}

export interface ProviderRow {
  provider_id: number;
  provider_name: string | null;
  npi: string | null;
  dea: string | null;
  specialty_concept_id: number;
  care_site_id: number | null;
  year_of_birth: number | null;
  gender_concept_id: number;
  provider_source_value: string | null;
  specialty_source_value: string | null;
  specialty_source_concept_id: number;
  gender_source_value: string | null;
  gender_source_concept_id: number;
}

export interface PersonRow {
  person_id: number;
  gender_concept_id: number;
  year_of_birth: number;
  month_of_birth: number | null;
  day_of_birth: number | null;
  birth_datetime: string | null;
  race_concept_id: number;
  ethnicity_concept_id: number;
  location_id: number | null;
  provider_id: number | null;
  care_site_id: number | null;
  person_source_value: string | null;
  gender_source_value: string | null;
  gender_source_concept_id: number;
  race_source_value: string | null;
  race_source_concept_id: number;
  ethnicity_source_value: string | null;
  ethnicity_source_concept_id: number;
}

export interface DeathRow {
  person_id: number;
  death_date: string;
  death_datetime: string | null;
  death_type_concept_id: number;
  cause_concept_id: number;
  cause_source_value: string | null;
  cause_source_concept_id: number;
}

export interface ObservationPeriodRow {
  observation_period_id: number;
  person_id: number;
  observation_period_start_date: string;
  observation_period_end_date: string;
  period_type_concept_id: number;
}

export interface VisitOccurrenceRow {
  visit_occurrence_id: number;
  person_id: number;
  visit_concept_id: number;
  visit_start_date: string;
  visit_start_datetime: string | null;
  visit_end_date: string;
  visit_end_datetime: string | null;
  visit_type_concept_id: number;
  provider_id: number | null;
  care_site_id: number | null;
  visit_source_value: string | null;
  visit_source_concept_id: number;
  admitted_from_concept_id: number;
  admitted_from_source_value: string | null;
  discharged_to_concept_id: number;
  discharged_to_source_value: string | null;
  preceding_visit_occurrence_id: number | null;
}

export interface ConditionOccurrenceRow {
  condition_occurrence_id: number;
  person_id: number;
  condition_concept_id: number;
  condition_start_date: string;
  condition_start_datetime: string | null;
  condition_end_date: string | null;
  condition_end_datetime: string | null;
  condition_type_concept_id: number;
  condition_status_concept_id: number;
  visit_occurrence_id: number | null;
  provider_id: number | null;
  condition_source_value: string | null;
  condition_source_concept_id: number;
  condition_status_source_value: string | null;
}

export interface DrugExposureRow {
  drug_exposure_id: number;
  person_id: number;
  drug_concept_id: number;
  drug_exposure_start_date: string;
  drug_exposure_start_datetime: string | null;
  drug_exposure_end_date: string;
  drug_exposure_end_datetime: string | null;
  verbatim_end_date: string | null;
  drug_type_concept_id: number;
  stop_reason: string | null;
  refills: number | null;
  quantity: number | null;
  days_supply: number | null;
  sig: string | null;
  route_concept_id: number;
  lot_number: string | null;
  visit_occurrence_id: number | null;
  provider_id: number | null;
  drug_source_value: string | null;
  drug_source_concept_id: number;
  route_source_value: string | null;
}

export interface ProcedureOccurrenceRow {
  procedure_occurrence_id: number;
  person_id: number;
  procedure_concept_id: number;
  procedure_date: string;
  procedure_datetime: string | null;
  procedure_end_date: string | null;
  procedure_end_datetime: string | null;
  procedure_type_concept_id: number;
  modifier_concept_id: number;
  visit_occurrence_id: number | null;
  provider_id: number | null;
  procedure_source_value: string | null;
  procedure_source_concept_id: number;
}

export interface MeasurementRow {
  measurement_id: number;
  person_id: number;
  measurement_concept_id: number;
  measurement_date: string;
  measurement_datetime: string | null;
  measurement_type_concept_id: number;
  value_as_number: number | null;
  operator_concept_id: number;
  value_as_concept_id: number;
  unit_concept_id: number;
  range_low: number | null;
  range_high: number | null;
  visit_occurrence_id: number | null;
  provider_id: number | null;
  measurement_source_value: string | null;
  measurement_source_concept_id: number;
  unit_source_concept_id: number;
  unit_source_value: string | null;
  value_source_value: string | null;
}

export interface SpecimenRow {
  specimen_id: number;
  person_id: number;
  specimen_concept_id: number;
  specimen_type_concept_id: number;
  specimen_date: string;
  specimen_datetime: string | null;
  quantity: number | null;
  unit_concept_id: number;
  anatomic_site_concept_id: number;
  specimen_source_id: string | null;
  specimen_source_value: string | null;
  unit_source_value: string | null;
  anatomic_site_source_value: string | null;
}

export interface ObservationRow {
  observation_id: number;
  person_id: number;
  observation_concept_id: number;
  observation_date: string;
  observation_datetime: string | null;
  observation_type_concept_id: number;
  value_as_number: number | null;
  value_as_string: string | null;
  value_as_concept_id: number;
  qualifier_concept_id: number;
  unit_concept_id: number;
  visit_occurrence_id: number | null;
  provider_id: number | null;
  observation_source_value: string | null;
  observation_source_concept_id: number;
  unit_source_value: string | null;
  value_source_value: string | null;
}

export interface VisitDetailRow {
  visit_detail_id: number;
  person_id: number;
  visit_detail_concept_id: number;
  visit_detail_start_date: string;
  visit_detail_start_datetime: string | null;
  visit_detail_end_date: string;
  visit_detail_end_datetime: string | null;
  visit_detail_type_concept_id: number;
  provider_id: number | null;
  care_site_id: number | null;
  visit_detail_source_value: string | null;
  visit_detail_source_concept_id: number;
  admitted_from_concept_id: number;
  admitted_from_source_value: string | null;
  discharged_to_concept_id: number;
  discharged_to_source_value: string | null;
  preceding_visit_detail_id: number | null;
  parent_visit_detail_id: number | null;
  visit_occurrence_id: number;
}

export interface DeviceExposureRow {
  device_exposure_id: number;
  person_id: number;
  device_concept_id: number;
  device_exposure_start_date: string;
  device_exposure_start_datetime: string | null;
  device_exposure_end_date: string | null;
  device_exposure_end_datetime: string | null;
  device_type_concept_id: number;
  unique_device_id: string | null;
  production_id: string | null;
  quantity: number | null;
  provider_id: number | null;
  visit_occurrence_id: number | null;
  device_source_value: string | null;
  device_source_concept_id: number;
  unit_concept_id: number;
  unit_source_value: string | null;
}

export interface NoteRow {
  note_id: number;
  person_id: number;
  note_date: string;
  note_datetime: string | null;
  note_type_concept_id: number;
  note_class_concept_id: number;
  note_title: string | null;
  note_text: string;
  encoding_concept_id: number;
  language_concept_id: number;
  provider_id: number | null;
  visit_occurrence_id: number | null;
  note_source_value: string | null;
  note_event_id: number | null;
  note_event_field_concept_id: number;
}

export interface PayerPlanPeriodRow {
  payer_plan_period_id: number;
  person_id: number;
  payer_plan_period_start_date: string;
  payer_plan_period_end_date: string;
  payer_concept_id: number;
  payer_source_value: string | null;
  payer_source_concept_id: number;
  plan_concept_id: number;
  plan_source_value: string | null;
  plan_source_concept_id: number;
  sponsor_concept_id: number;
  sponsor_source_value: string | null;
  sponsor_source_concept_id: number;
  family_source_value: string | null;
  stop_reason_concept_id: number;
  stop_reason_source_value: string | null;
  stop_reason_source_concept_id: number;
}

export interface FactRelationshipRow {
  domain_concept_id_1: number;
  fact_id_1: number;
  domain_concept_id_2: number;
  fact_id_2: number;
  relationship_concept_id: number;
}

export interface OmopTables {
  location?: LocationRow[];
  care_site?: CareSiteRow[];
  provider?: ProviderRow[];
  person?: PersonRow[];
  death?: DeathRow[];
  observation_period?: ObservationPeriodRow[];
  visit_occurrence?: VisitOccurrenceRow[];
  condition_occurrence?: ConditionOccurrenceRow[];
  drug_exposure?: DrugExposureRow[];
  procedure_occurrence?: ProcedureOccurrenceRow[];
  measurement?: MeasurementRow[];
  specimen?: SpecimenRow[];
  observation?: ObservationRow[];
  visit_detail?: VisitDetailRow[];
  device_exposure?: DeviceExposureRow[];
  note?: NoteRow[];
  payer_plan_period?: PayerPlanPeriodRow[];
  fact_relationship?: FactRelationshipRow[];
}
