import { RawJson } from '@app/shared';
import {
  ApiProperty,
  ApiPropertyOptional,
  PickType,
  type ApiPropertyOptions,
} from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';

const TARGETS: ApiPropertyOptions = {
  description:
    'FHIR resource types (Patient, Condition…) or profile URLs whose values the template draws on',
  example: ['Patient', 'Condition'],
  type: [String],
};

export class CreateSummaryTemplateDto {
  @ApiProperty({ example: 'Discharge one-liner', maxLength: 200 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name!: string;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string;

  @ApiProperty({
    description:
      'A summary written for the example data. With example_fhir_data, the values of that data found in it become placeholders; ' +
      'without it, {{Type.path}} placeholders already in it are normalised to <<Type.path>>.',
    example: 'John Smith, a 45-year-old male, has hypertension since March 3, 2015.',
    maxLength: 100_000,
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100_000)
  example_summary!: string;

  @ApiProperty(TARGETS)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(300, { each: true })
  target_resources!: string[];

  @ApiPropertyOptional({
    description: 'A FHIR resource or Bundle that example_summary was written from',
    type: Object,
  })
  @IsOptional()
  @IsObject()
  @RawJson()
  example_fhir_data?: Record<string, unknown>;

  @ApiProperty({
    description: 'Stored with the template as given',
    example: 'narrative',
    maxLength: 100,
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  mode!: string;
}

/** PUT replaces a template with one written by hand: the create fields, with `template` instead of the example. */
export class UpdateSummaryTemplateDto extends PickType(CreateSummaryTemplateDto, [
  'name',
  'description',
  'target_resources',
  'mode',
] as const) {
  @ApiProperty({
    description: 'Template text with <<Type[index].path|filter>> or {{Type.path}} placeholders',
    example:
      '<<Patient[0].name[0].given|join>> <<Patient[0].name[0].family>> (<<Patient[0].birthDate|age>> years)',
    maxLength: 100_000,
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100_000)
  template!: string;
}

export class TemplateSpanDto {
  @ApiProperty({ description: 'Offset in the submitted text where the span starts' })
  start!: number;
  @ApiProperty({ description: 'Offset just past the span' }) end!: number;
  @ApiProperty({ description: 'The submitted text of the span' }) text!: string;
  @ApiProperty({ description: 'The placeholder it became' }) placeholder!: string;
}

export class TemplateMetadataDto {
  @ApiProperty({ enum: ['example_fhir_data', 'example_summary', 'template'] })
  derived_from!: string;
  @ApiProperty() placeholder_count!: number;
  @ApiProperty({ type: [TemplateSpanDto] }) spans!: TemplateSpanDto[];
}

export class SummaryTemplateDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ description: 'Placeholders in the <<Type[index].path|filter>> form' })
  template!: string;
  @ApiProperty({ type: [String] }) target_resources!: string[];
  @ApiProperty() mode!: string;
  @ApiProperty({ type: TemplateMetadataDto }) metadata!: TemplateMetadataDto;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class CreatedSummaryTemplateResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ format: 'uuid' }) template_id!: string;
  @ApiProperty({ type: SummaryTemplateDto }) template!: SummaryTemplateDto;
  @ApiProperty({
    type: [TemplateSpanDto],
    description: 'Which spans of example_summary became which placeholders',
  })
  spans!: TemplateSpanDto[];
  @ApiProperty({ type: [String] }) warnings!: string[];
}

export class SummaryTemplateResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ type: SummaryTemplateDto }) template!: SummaryTemplateDto;
}

export class ListSummaryTemplatesResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ type: [SummaryTemplateDto] }) templates!: SummaryTemplateDto[];
}
