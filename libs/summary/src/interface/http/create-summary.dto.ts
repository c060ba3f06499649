import { RawJson } from '@app/shared';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsIn, IsObject, IsOptional, IsUUID } from 'class-validator';
import {
  IPS_FORMATS,
  SUMMARY_MODES,
  type IpsFormat,
  type SummaryMode,
} from '../../domain/summary-mode.js';

export class CreateSummaryDto {
  @ApiPropertyOptional({ enum: SUMMARY_MODES, default: 'narrative' })
  @IsOptional()
  @IsIn(SUMMARY_MODES)
  mode?: SummaryMode;

  @ApiPropertyOptional({ format: 'uuid', description: 'Required for narrative' })
  @IsOptional()
  @IsUUID('all')
  template_id?: string;

  @ApiProperty({ description: 'A FHIR R4 resource or Bundle', type: Object })
  @IsDefined()
  @IsObject()
  @RawJson()
  fhir_resources!: Record<string, unknown>;

  @ApiPropertyOptional({
    description:
      'flatten only: a SQL-on-FHIR v2 ViewDefinition; its rows are returned instead of text lines',
    type: Object,
  })
  @IsOptional()
  @IsObject()
  view_definition?: Record<string, unknown>;

  @ApiPropertyOptional({
    enum: IPS_FORMATS,
    description: 'ips only: bundle adds the IPS document Bundle',
  })
  @IsOptional()
  @IsIn(IPS_FORMATS)
  format?: IpsFormat;

  @ApiPropertyOptional({
    default: false,
    description:
      'true: refuse (400) input with anything FHIR R4 validation finds; false (default): read it as far as it can be read and list the findings in warnings. Structural failures are refused either way',
  })
  @IsOptional()
  @IsBoolean()
  strict?: boolean;
}

export class FlattenedResourceDto {
  @ApiProperty() resource_type!: string;
  @ApiProperty({ nullable: true, type: String }) id!: string | null;
  @ApiProperty({ nullable: true, type: String }) full_url!: string | null;
  @ApiProperty() label!: string;
  @ApiProperty({ type: [String] }) lines!: string[];
}

export class IpsSectionDto {
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'LOINC code of the IPS section' }) code!: string;
  @ApiProperty() item_count!: number;
}

export class SummaryResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty() summary!: string;
  @ApiPropertyOptional({
    type: [String],
    description:
      'What tolerant reading found in fhir_resources (`path: problem`, every mode) and, in narrative mode, placeholders that resolved to nothing',
  })
  warnings?: string[];
  @ApiPropertyOptional({
    type: [FlattenedResourceDto],
    description: 'flatten: the lines of each resource',
  })
  resources?: FlattenedResourceDto[];
  @ApiPropertyOptional({ type: [String], description: 'flatten with view_definition' })
  columns?: string[];
  @ApiPropertyOptional({ type: [Object], description: 'flatten with view_definition' })
  rows?: Record<string, unknown>[];
  @ApiPropertyOptional({ type: [IpsSectionDto], description: 'ips' }) sections?: IpsSectionDto[];
  @ApiPropertyOptional({
    type: Object,
    description: 'ips with format bundle: the IPS document Bundle',
  })
  bundle?: Record<string, unknown>;
}
