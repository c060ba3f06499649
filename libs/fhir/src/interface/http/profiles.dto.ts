import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { RawJson } from '@app/shared';
import { IsDefined, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { MAX_PROFILE_CONTEXT } from '../../domain/profiles/custom-profile.js';

export class ProfileUploadDto {
  @ApiProperty({ description: 'A FHIR R4 StructureDefinition', type: Object })
  @IsDefined()
  @IsObject()
  @RawJson()
  structure_definition!: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'Guide to group the profile under (default "custom")' })
  @IsOptional()
  @IsString()
  implementation_guide?: string;
}

export class LegacyProfileUploadDto {
  @ApiProperty({ description: 'Base64 of the StructureDefinition JSON' })
  @IsString()
  profile!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  implementation_guide?: string;

  @ApiPropertyOptional({ maxLength: MAX_PROFILE_CONTEXT })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_PROFILE_CONTEXT)
  profile_context?: string;
}

export class GuideContextDto {
  @ApiPropertyOptional({ maxLength: MAX_PROFILE_CONTEXT, description: 'Empty clears it' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_PROFILE_CONTEXT)
  profile_context?: string;
}
