import { Body, Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentTenant } from '@app/auth';
import { AppError, ok, type Tenant } from '@app/shared';
import { UploadProfileCommand } from '../../application/commands/upload-profile/upload-profile.command.js';
import { LegacyProfileUploadDto } from './profiles.dto.js';

/** The deprecated upload route: the same custom profiles as `POST /fhir/profiles`, base64 in. */
@ApiTags('fhir-profiles')
@ApiBearerAuth('bearer')
@Controller('lang2fhir/profile')
export class LegacyProfileUploadController {
  constructor(private readonly commands: CommandBus) {}

  @Post('upload')
  @ApiOperation({
    summary: 'Upload a custom profile, base64 (deprecated: use POST /fhir/profiles)',
  })
  async upload(@CurrentTenant() tenant: Tenant, @Body() body: LegacyProfileUploadDto) {
    const profile = await this.commands.execute(
      new UploadProfileCommand(
        tenant.accountId,
        decodeProfile(body.profile),
        body.implementation_guide,
        body.profile_context,
      ),
    );
    return ok('Profile uploaded successfully', {
      id: profile.id,
      type: profile.resourceType,
      url: profile.url,
    });
  }
}

function decodeProfile(base64: string): unknown {
  try {
    return JSON.parse(Buffer.from(base64, 'base64').toString('utf8')) as unknown;
  } catch {
    throw AppError.badRequest(
      'FHIR_PROFILES.INVALID_PROFILE_ENCODING',
      'profile must be the base64 of a StructureDefinition in JSON',
    );
  }
}
