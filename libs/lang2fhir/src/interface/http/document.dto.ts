import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsObject, IsOptional, IsString } from 'class-validator';

const CONTENT_DESCRIPTION =
  'Base64 of a PDF, PNG, JPEG or TIFF file (told apart by its first bytes); at most LANG2FHIR_DOCUMENT_MAX_BYTES decoded';

export class DocumentToFhirDto {
  @ApiProperty({ example: 'R4', description: 'Only R4 is produced' })
  @IsString()
  version!: string;

  @ApiProperty({ example: 'auto', description: 'As in POST /lang2fhir/create' })
  @IsString()
  @IsNotEmpty()
  resource!: string;

  @ApiProperty({ description: CONTENT_DESCRIPTION })
  @IsString()
  content!: string;

  @ApiPropertyOptional({ description: 'Accepted; every page is read (no page filter)' })
  @IsOptional()
  @IsObject()
  config?: Record<string, unknown>;
}

export class DocumentToBundleDto {
  @ApiProperty({ example: 'R4', description: 'Only R4 is produced' })
  @IsString()
  version!: string;

  @ApiProperty({ description: CONTENT_DESCRIPTION })
  @IsString()
  content!: string;

  @ApiPropertyOptional({ description: 'Accepted; profiles do not vary by provider here' })
  @IsOptional()
  @IsString()
  provider?: string;

  @ApiPropertyOptional({ description: 'Accepted; US Core is the only guide applied' })
  @IsOptional()
  @IsString()
  implementation_guide?: string;

  @ApiPropertyOptional({ enum: ['standard', 'deep'], description: 'Accepted; detection runs once' })
  @IsOptional()
  @IsIn(['standard', 'deep'])
  detection_effort?: 'standard' | 'deep';

  @ApiPropertyOptional({
    enum: ['none', 'check', 'fix'],
    description: 'Every resource is checked against its profile before it is returned',
  })
  @IsOptional()
  @IsIn(['none', 'check', 'fix'])
  validation_method?: 'none' | 'check' | 'fix';

  @ApiPropertyOptional({ description: 'Accepted; every page is read (no page filter)' })
  @IsOptional()
  @IsObject()
  config?: Record<string, unknown>;
}
