import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { RawJson } from '@app/shared';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  IsObject,
  ValidateBy,
  ValidateNested,
  type ValidationOptions,
} from 'class-validator';

export class UploadedCodeDto {
  @ApiProperty() @IsString() code!: string;
  @ApiProperty() @IsString() description!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() definition?: string;
}

export class UploadCodeSystemDto {
  @ApiProperty({ description: 'Case-insensitive; stored upper case; builtin names are reserved' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;

  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(100) version!: string;
  @ApiPropertyOptional() @IsOptional() @IsNumber() revision?: number;
  @ApiProperty({ enum: ['csv', 'json'] }) @IsIn(['csv', 'json']) format!: 'csv' | 'json';
  @ApiPropertyOptional({ description: 'base64 file contents' })
  @IsOptional()
  @IsString()
  file?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() code_col?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() desc_col?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() defn_col?: string;

  @ApiPropertyOptional({
    type: [UploadedCodeDto],
    description: 'json format: takes precedence over file',
  })
  // Checked by the upload itself, in slices: copying and validating 100,000 nested objects
  // here would hold the event loop for seconds.
  @IsOptional()
  @RawJson()
  @IsArray()
  @ArrayMaxSize(1_000_000)
  codes?: UploadedCodeDto[];

  @ApiPropertyOptional({ default: false }) @IsOptional() @IsBoolean() replace?: boolean;
}

export class VersionQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() version?: string;
}

export class ListCodesQueryDto extends VersionQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() cursor?: string;

  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 500 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit?: number;
}

export class TextSearchQueryDto extends VersionQueryDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(500) q!: string;

  @ApiPropertyOptional({ default: 10, maximum: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

export class SemanticSearchQueryDto extends VersionQueryDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(2_000) text!: string;

  @ApiPropertyOptional({ default: 10, maximum: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(50)
  limit?: number;
}

/** The system to extract from, as our name string or as the public SDK's `{ name, version }`. */
export interface ExtractSystemRef {
  name: string;
  version?: string;
}

function IsSystemNameOrRef(options?: ValidationOptions): PropertyDecorator {
  const nonEmpty = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  return ValidateBy(
    {
      name: 'isSystemNameOrRef',
      validator: {
        validate: (value: unknown) => {
          if (nonEmpty(value)) return true;
          if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
          const { name, version, ...rest } = value as Record<string, unknown>;
          return (
            nonEmpty(name) &&
            (version === undefined || nonEmpty(version)) &&
            Object.keys(rest).length === 0
          );
        },
        defaultMessage: () =>
          'system must be a code system name, or an object { name, version? } with string values',
      },
    },
    options,
  );
}

export class ExtractDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(100_000) text!: string;
  @ApiProperty({
    description: 'A system name, or `{ name, version }` as the public SDK sends it',
    oneOf: [
      { type: 'string' },
      {
        type: 'object',
        properties: { name: { type: 'string' }, version: { type: 'string' } },
        required: ['name'],
      },
    ],
  })
  @IsSystemNameOrRef()
  system!: string | ExtractSystemRef;
  @ApiPropertyOptional() @IsOptional() @IsString() version?: string;
  @ApiPropertyOptional({
    description:
      "The public SDK's extraction tuning (chunking, validation, …). Accepted; this service's extraction is exact-phrase and written-code matching, which these options do not change.",
  })
  @IsOptional()
  @IsObject()
  config?: Record<string, unknown>;
}

export class CrosswalkDto {
  @ApiProperty({ example: 'http://hl7.org/fhir/sid/icd-10-cm' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  system!: string;
  @ApiProperty({ example: 'E11.9' }) @IsString() @IsNotEmpty() @MaxLength(100) code!: string;
  @ApiProperty({ type: [String], example: ['http://snomed.info/sct'] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  targets!: string[];
}

export class ExtractResultSystemDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(100) name!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) version?: string;
}

/** An extraction result as `POST /construe/extract` returns it (the code entries kept as sent). */
export class ExtractResultDto {
  @ApiProperty({ type: ExtractResultSystemDto })
  @IsObject()
  @ValidateNested()
  @Type(() => ExtractResultSystemDto)
  system!: ExtractResultSystemDto;
  @ApiProperty({ type: 'array', items: { type: 'object' } })
  @IsArray()
  @ArrayMaxSize(10_000)
  @IsObject({ each: true })
  codes!: Record<string, unknown>[];
}

export class FeedbackDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(100_000) text!: string;
  @ApiProperty({ type: ExtractResultDto })
  @IsObject()
  @ValidateNested()
  @Type(() => ExtractResultDto)
  received_result!: ExtractResultDto;
  @ApiProperty({ type: ExtractResultDto })
  @IsObject()
  @ValidateNested()
  @Type(() => ExtractResultDto)
  expected_result!: ExtractResultDto;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(10_000) detail?: string;
}

export class ListFeedbackQueryDto {
  @ApiPropertyOptional({ default: 50, maximum: 500 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit?: number;
}

export class PhenocrSystemDto {
  @ApiProperty({ example: 'ICD-10-CM' }) @IsString() @IsNotEmpty() @MaxLength(100) name!: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(100) version!: string;
}

export class PhenocrDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(100_000) text!: string;
  @ApiProperty({ type: PhenocrSystemDto })
  @IsObject()
  @ValidateNested()
  @Type(() => PhenocrSystemDto)
  system!: PhenocrSystemDto;
}
