import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsNotEmpty, IsObject, IsOptional, IsString } from 'class-validator';
import { CreateMultiNoStoreDto } from './multi.dto.js';

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

/** The create/multi options of the public document (accepted alike), with the document instead of text. */
export class DocumentToBundleDto extends OmitType(CreateMultiNoStoreDto, ['text'] as const) {
  @ApiProperty({ description: CONTENT_DESCRIPTION })
  @IsString()
  content!: string;

  @ApiPropertyOptional({ description: 'Accepted; every page is read (no page filter)' })
  @IsOptional()
  @IsObject()
  config?: Record<string, unknown>;
}
