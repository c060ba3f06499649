import type { OmopTables } from './omop-rows.js';

export type MappingStatus = 'ALREADY_STANDARD' | 'MAPPED' | 'UNCHECKED' | 'UNMAPPED';
export type ResolutionStatus = 'RESOLVED' | 'UNRESOLVED' | 'DOMAIN_MISMATCH' | 'AMBIGUOUS';
export type ResolutionReason =
  | 'NO_SOURCE_CODE'
  | 'NO_OMOP_SOURCE_CONCEPT'
  | 'NO_STANDARD_MAP'
  | 'AMBIGUOUS'
  | 'DOMAIN_MISMATCH'
  | 'UNSUPPORTED_SYSTEM'
  | 'UNSUPPORTED_CODE';

export interface ResolutionPath {
  mapping_status: MappingStatus;
  source_concept_id?: number;
  source_vocabulary?: string;
  source_code?: string;
  cui?: string;
}

export interface Resolution {
  status: ResolutionStatus;
  reason_code?: ResolutionReason;
  /** DIRECT only: UMLS_BRIDGE needs a UMLS crosswalk, which this service never imports. */
  via?: 'DIRECT' | 'UMLS_BRIDGE';
  paths?: ResolutionPath[];
  truncated?: boolean;
}

export interface MappingEntry {
  resource_type: string;
  resource_id: string;
  omop_table: string;
  omop_field: string;
  omop_id: number;
  source_system?: string;
  source_code?: string;
  source_name?: string;
  target_vocabulary?: string;
  target_code?: string;
  target_name?: string;
  mapping_status: MappingStatus;
  selected: boolean;
  resolution: Resolution;
  note?: string;
}

export interface IdentifierValue {
  system?: string;
  value: string;
}

export interface SpecimenSourceContext {
  specimen_id: number;
  resource_id?: string;
  full_url?: string;
  status?: 'available' | 'unavailable' | 'unsatisfactory';
  identifiers?: IdentifierValue[];
  accession_identifier?: IdentifierValue;
  source_id_path?: string;
  collection_timing?: {
    collected_date_time?: string;
    collected_period?: { start?: string; end?: string };
    received_time?: string;
    selected_path?: string;
  };
}

export interface CodedSource {
  source_value?: string;
  codings: { system?: string; code?: string; display?: string }[];
}

export interface ProviderRoleContext {
  provider_id: number;
  role_source_value?: string;
  practitioner_reference?: string;
  practitioner_identifier?: IdentifierValue;
  role_codes?: CodedSource[];
  specialties?: CodedSource[];
  care_sites?: { path: string; reference: string; care_site_id?: number }[];
  active?: boolean;
  period_start?: string;
  period_end?: string;
}

export interface DroppedResource {
  resource_type: string;
  resource_id: string;
  reason: string;
}

export type DiagnosticOutcome = 'UNRESOLVED' | 'AMBIGUOUS' | 'CONFLICTING' | 'UNSUPPORTED';

export interface Diagnostic {
  resource_type: string;
  resource_id: string;
  omop_table?: string;
  omop_id?: number;
  path?: string;
  reference?: string;
  outcome: DiagnosticOutcome;
  reason: string;
}

export interface MappingSummary {
  codes_already_standard: number;
  codes_normalized: number;
  codes_unmapped: number;
  /** Unmapped selected codes over all selected codes; 0 when there were none. */
  off_vocab_rate: number;
}

/** The response body of POST /fhir2omop/create without `success` and `message`. */
export interface OmopMappingResult {
  tables: OmopTables;
  mappings: MappingEntry[];
  specimen_source_contexts: SpecimenSourceContext[];
  provider_role_contexts: ProviderRoleContext[];
  dropped: DroppedResource[];
  diagnostics: Diagnostic[];
  vocab_version?: string;
  summary: MappingSummary;
}
