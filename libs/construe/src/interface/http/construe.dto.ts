import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
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
  ValidateNested,
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
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1_000_000)
  @ValidateNested({ each: true })
  @Type(() => UploadedCodeDto)
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

export class ExtractDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(100_000) text!: string;
  @ApiProperty() @IsString() @IsNotEmpty() system!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() version?: string;
}
