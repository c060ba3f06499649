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
  place_of_service_concept_id: number | null;
  location_id: number | null;
  care_site_source_value: string | null;
  place_of_service_source_value: string | null;
}

export interface ProviderRow {
  provider_id: number;
  provider_name: string | null;
  npi: string | null;
  dea: string | null;
  specialty_concept_id: number | null;
  care_site_id: number | null;
  year_of_birth: number | null;
  gender_concept_id: number | null;
  provider_source_value: string | null;
  specialty_source_value: string | null;
  specialty_source_concept_id: number | null;
  gender_source_value: string | null;
  gender_source_concept_id: number | null;
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
  gender_source_concept_id: number | null;
  race_source_value: string | null;
  race_source_concept_id: number | null;
  ethnicity_source_value: string | null;
  ethnicity_source_concept_id: number | null;
}

export interface DeathRow {
  person_id: number;
  death_date: string;
  death_datetime: string | null;
  death_type_concept_id: number;
  cause_concept_id: number | null;
  cause_source_value: string | null;
  cause_source_concept_id: number | null;
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
  visit_source_concept_id: number | null;
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
  visit_occurrence_id: number | null;
  provider_id: number | null;
  condition_source_value: string | null;
  condition_source_concept_id: number | null;
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
  route_concept_id: number | null;
  lot_number: string | null;
  visit_occurrence_id: number | null;
  provider_id: number | null;
  drug_source_value: string | null;
  drug_source_concept_id: number | null;
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
  visit_occurrence_id: number | null;
  provider_id: number | null;
  procedure_source_value: string | null;
  procedure_source_concept_id: number | null;
}

export interface MeasurementRow {
  measurement_id: number;
  person_id: number;
  measurement_concept_id: number;
  measurement_date: string;
  measurement_datetime: string | null;
  measurement_type_concept_id: number;
  value_as_number: number | null;
  operator_concept_id: number | null;
  value_as_concept_id: number | null;
  unit_concept_id: number;
  range_low: number | null;
  range_high: number | null;
  visit_occurrence_id: number | null;
  provider_id: number | null;
  measurement_source_value: string | null;
  measurement_source_concept_id: number | null;
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
  value_as_concept_id: number | null;
  unit_concept_id: number;
  visit_occurrence_id: number | null;
  provider_id: number | null;
  observation_source_value: string | null;
  observation_source_concept_id: number | null;
  unit_source_value: string | null;
  value_source_value: string | null;
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
}
