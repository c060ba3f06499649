import { RawJson } from '@app/shared';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { OmopTables } from '../../domain/model/omop-rows.js';
import {
  IsBoolean,
  IsDefined,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';

export class FhirToOmopRequestDto {
  @ApiPropertyOptional({
    description: 'Echoed in the response; when absent, the loaded vocabulary release is reported',
    example: 'v5.0 31-AUG-23',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  vocab_version?: string;

  @ApiProperty({
    description:
      'A FHIR R4 resource, or a Bundle (collection, transaction, batch, document, searchset, message) whose entries hold resources',
    type: Object,
  })
  @IsDefined()
  @IsObject()
  @RawJson()
  fhir_resources!: Record<string, unknown>;

  @ApiPropertyOptional({
    default: false,
    description:
      'true: refuse (400) input with anything FHIR R4 validation finds; false (default): map it and list the findings in warnings. Structural failures are refused either way',
  })
  @IsOptional()
  @IsBoolean()
  strict?: boolean;
}

export class ResolutionPathDto {
  @ApiProperty({ enum: ['ALREADY_STANDARD', 'MAPPED', 'UNCHECKED', 'UNMAPPED'] })
  mapping_status!: string;
  @ApiPropertyOptional() source_concept_id?: number;
  @ApiPropertyOptional() source_vocabulary?: string;
  @ApiPropertyOptional() source_code?: string;
  @ApiPropertyOptional({ description: 'Never set: no UMLS crosswalk is imported' }) cui?: string;
}

export class ResolutionDto {
  @ApiProperty({ enum: ['RESOLVED', 'UNRESOLVED', 'DOMAIN_MISMATCH', 'AMBIGUOUS'] })
  status!: string;
  @ApiPropertyOptional({
    enum: [
      'NO_SOURCE_CODE',
      'NO_OMOP_SOURCE_CONCEPT',
      'NO_STANDARD_MAP',
      'AMBIGUOUS',
      'DOMAIN_MISMATCH',
      'UNSUPPORTED_SYSTEM',
      'UNSUPPORTED_CODE',
    ],
  })
  reason_code?: string;
  @ApiPropertyOptional({ enum: ['DIRECT', 'UMLS_BRIDGE'] }) via?: string;
  @ApiPropertyOptional({ type: [ResolutionPathDto] }) paths?: ResolutionPathDto[];
  @ApiPropertyOptional() truncated?: boolean;
}

export class MappingDto {
  @ApiProperty() resource_type!: string;
  @ApiProperty() resource_id!: string;
  @ApiProperty() omop_table!: string;
  @ApiProperty() omop_field!: string;
  @ApiProperty() omop_id!: number;
  @ApiPropertyOptional() source_system?: string;
  @ApiPropertyOptional() source_code?: string;
  @ApiPropertyOptional() source_name?: string;
  @ApiPropertyOptional() target_vocabulary?: string;
  @ApiPropertyOptional() target_code?: string;
  @ApiPropertyOptional() target_name?: string;
  @ApiProperty({ enum: ['ALREADY_STANDARD', 'MAPPED', 'UNCHECKED', 'UNMAPPED'] })
  mapping_status!: string;
  @ApiProperty({
    description: 'The coding used for the field; the others of its CodeableConcept are false',
  })
  selected!: boolean;
  @ApiProperty({ type: ResolutionDto }) resolution!: ResolutionDto;
  @ApiPropertyOptional() note?: string;
}

export class DroppedDto {
  @ApiProperty() resource_type!: string;
  @ApiProperty() resource_id!: string;
  @ApiProperty() reason!: string;
}

export class DiagnosticDto {
  @ApiProperty() resource_type!: string;
  @ApiProperty() resource_id!: string;
  @ApiPropertyOptional() omop_table?: string;
  @ApiPropertyOptional() omop_id?: number;
  @ApiPropertyOptional() path?: string;
  @ApiPropertyOptional() reference?: string;
  @ApiProperty({ enum: ['UNRESOLVED', 'AMBIGUOUS', 'CONFLICTING', 'UNSUPPORTED'] })
  outcome!: string;
  @ApiProperty() reason!: string;
}

export class MappingSummaryDto {
  @ApiProperty() codes_already_standard!: number;
  @ApiProperty() codes_normalized!: number;
  @ApiProperty() codes_unmapped!: number;
  @ApiProperty({ description: 'codes_unmapped over all selected codes' }) off_vocab_rate!: number;
}

export class FhirToOmopResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({
    type: Object,
    description:
      'Rows by OMOP CDM v5.4 table (location, care_site, provider, person, death, observation_period, visit_occurrence, condition_occurrence, drug_exposure, procedure_occurrence, measurement, specimen, observation); tables without rows are left out',
  })
  tables!: OmopTables;
  @ApiProperty({ type: [MappingDto] }) mappings!: MappingDto[];
  @ApiProperty({ type: [Object] }) specimen_source_contexts!: object[];
  @ApiProperty({ type: [Object] }) provider_role_contexts!: object[];
  @ApiProperty({ type: [DroppedDto] }) dropped!: DroppedDto[];
  @ApiProperty({ type: [DiagnosticDto] }) diagnostics!: DiagnosticDto[];
  @ApiPropertyOptional() vocab_version?: string;
  @ApiProperty({ type: MappingSummaryDto }) summary!: MappingSummaryDto;
  @ApiProperty({
    type: [String],
    description:
      'What tolerant reading found in fhir_resources (`path: problem`): the findings of FHIR R4 validation that did not stop the mapping',
  })
  warnings!: string[];
}
