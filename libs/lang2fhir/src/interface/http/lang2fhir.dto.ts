import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { REQUESTABLE_KINDS } from '../../domain/resource-kinds.js';

const RESOURCE_MESSAGE = `resource must be one of: ${REQUESTABLE_KINDS.join(', ')}, or the id of an uploaded profile`;
const RESOURCE_DESCRIPTION =
  '`auto` detects the kind from the text; the id of an uploaded profile (GET /fhir/profiles) builds a resource that follows it';
const TEXT_DESCRIPTION = 'Clinical text (at most 100 KiB of UTF-8; empty text is a 400)';

export class TextToFhirDto {
  @ApiProperty({ example: 'auto', description: RESOURCE_DESCRIPTION })
  @IsString({ message: RESOURCE_MESSAGE })
  @IsNotEmpty({ message: RESOURCE_MESSAGE })
  resource!: string;

  @ApiProperty({ description: TEXT_DESCRIPTION })
  @IsString()
  text!: string;

  @ApiPropertyOptional({ default: 'R4', description: 'Only R4 is produced' })
  @IsOptional()
  @IsString()
  version?: string;
}

export class CreateFromTextDto {
  @ApiProperty({ example: 'auto', description: RESOURCE_DESCRIPTION })
  @IsString({ message: RESOURCE_MESSAGE })
  @IsNotEmpty({ message: RESOURCE_MESSAGE })
  resource!: string;

  @ApiProperty({ description: TEXT_DESCRIPTION })
  @IsString()
  text!: string;

  @ApiPropertyOptional({
    description: 'A FHIR provider id or name; the account sandbox when absent',
  })
  @IsOptional()
  @IsString()
  provider?: string;
}

export class CreateMultiFromTextDto {
  @ApiProperty({ description: TEXT_DESCRIPTION })
  @IsString()
  text!: string;

  @ApiPropertyOptional({ default: 'R4', description: 'Only R4 is produced' })
  @IsOptional()
  @IsString()
  version?: string;

  @ApiProperty({ description: 'A FHIR provider id or name ("sandbox" for the account sandbox)' })
  @IsString()
  @IsNotEmpty()
  provider!: string;
}

export class DerivationDto {
  @ApiProperty({ example: 'code' }) path!: string;
  @ApiProperty() start!: number;
  @ApiProperty() end!: number;
  @ApiProperty() text!: string;
  @ApiProperty({ example: 'vocabulary:construe:text' }) method!: string;
}

/** `?details=true` on POST /lang2fhir/create: the envelope with derivations instead of the bare resource. */
export class TextToFhirOptionsDto {
  @ApiPropertyOptional({
    description:
      'When true, answer { success, message, fhir_resource, resource_kind, derivations } instead of the bare FHIR resource',
    default: false,
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value,
  )
  @IsBoolean()
  details?: boolean;
}

export class TextToFhirResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ type: Object, description: 'The FHIR R4 resource' })
  fhir_resource!: Record<string, unknown>;
  @ApiProperty({ description: 'The kind built (the detected one for auto)' })
  resource_kind!: string;
  @ApiProperty({ type: [DerivationDto], description: 'Where in the text each element came from' })
  derivations!: DerivationDto[];
}

export class CreateFromTextResponseDto extends TextToFhirResponseDto {
  @ApiProperty({ description: 'The id the FHIR server gave the resource' }) fhir_id!: string;
}

export class ResourceInfoDto {
  @ApiProperty({ example: 'urn:uuid:…' }) tempId!: string;
  @ApiProperty() resourceType!: string;
  @ApiProperty() description!: string;
  @ApiPropertyOptional({ description: 'Type/id where the server stored it' }) reference?: string;
  @ApiProperty({ type: [DerivationDto] }) derivations!: DerivationDto[];
}

export class ReferenceFixupDto {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['pending', 'completed', 'failed'] }) status!: string;
  @ApiProperty({ type: [String], description: 'Resources updated by the follow-up PUTs' })
  updated!: string[];
  @ApiPropertyOptional() error?: string;
}

export class SkippedMentionDto {
  @ApiProperty() text!: string;
  @ApiProperty() reason!: string;
}

export class CreateMultiResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ type: Object, description: 'The transaction-response Bundle' })
  response_bundle!: Record<string, unknown>;
  @ApiProperty({ type: [ResourceInfoDto] }) resource_info!: ResourceInfoDto[];
  @ApiProperty({
    type: [SkippedMentionDto],
    description: 'Mentions left out (denied, about relatives)',
  })
  skipped!: SkippedMentionDto[];
  @ApiPropertyOptional({
    type: ReferenceFixupDto,
    description: 'Present when the server left urn:uuid references unresolved',
  })
  reference_fixup?: ReferenceFixupDto;
}

export class ReferenceFixupResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ type: ReferenceFixupDto }) data!: ReferenceFixupDto;
}
