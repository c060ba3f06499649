import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query as QueryParam,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentTenant } from '@app/auth';
import { AppError, ok, type Tenant } from '@app/shared';
import { DeleteProfileCommand } from '../../application/commands/delete-profile/delete-profile.command.js';
import { UpdateProfileCommand } from '../../application/commands/update-profile/update-profile.command.js';
import { UploadProfileCommand } from '../../application/commands/upload-profile/upload-profile.command.js';
import { profileNotFound } from '../../application/profile-errors.js';
import { FindBuiltinProfileQuery } from '../../application/queries/find-builtin-profile/find-builtin-profile.query.js';
import { GetProfileQuery } from '../../application/queries/get-profile/get-profile.query.js';
import { ListProfilesQuery } from '../../application/queries/list-profiles/list-profiles.query.js';
import { builtinStructureDefinition } from '../../domain/profiles/builtin-profiles.js';
import { ProfileUploadDto } from './profiles.dto.js';
import { builtinProfileSummary, profileSummary } from './profiles.presenter.js';

function parseFlag(value: string | undefined, name: string): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw AppError.badRequest('VALIDATION.INVALID_QUERY', `${name} must be true or false`);
}

/** The account's custom FHIR profiles (StructureDefinitions) that lang2fhir can build against. */
@ApiTags('fhir-profiles')
@ApiBearerAuth('bearer')
@Controller('fhir/profiles')
export class ProfilesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'List custom profiles (filter by canonical url); include_builtin=true adds the read-only built-in ones',
  })
  @ApiQuery({ name: 'url', required: false })
  @ApiQuery({ name: 'include_builtin', required: false, type: Boolean })
  async list(
    @CurrentTenant() tenant: Tenant,
    @QueryParam('url') url?: string,
    @QueryParam('include_builtin') includeBuiltin?: string,
  ) {
    const listed = await this.queries.execute(
      new ListProfilesQuery(
        tenant.accountId,
        url || undefined,
        parseFlag(includeBuiltin, 'include_builtin'),
      ),
    );
    return ok('Profiles retrieved', {
      profiles: [
        ...listed.custom.map(profileSummary),
        ...listed.builtin.map(builtinProfileSummary),
      ],
    });
  }

  @Post()
  @ApiOperation({ summary: 'Upload a custom profile (an R4 StructureDefinition)' })
  async create(@CurrentTenant() tenant: Tenant, @Body() body: ProfileUploadDto) {
    const profile = await this.commands.execute(
      new UploadProfileCommand(
        tenant.accountId,
        body.structure_definition,
        body.implementation_guide,
      ),
    );
    return ok('Profile created', profileSummary(profile));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One custom profile with its StructureDefinition' })
  async get(@CurrentTenant() tenant: Tenant, @Param('id') id: string) {
    const profile = await this.queries.execute(new GetProfileQuery(tenant.accountId, id));
    if (!profile) {
      const builtin = await this.queries.execute(new FindBuiltinProfileQuery(id));
      if (!builtin) throw profileNotFound(id);
      return ok('Profile retrieved', {
        ...builtinProfileSummary(builtin),
        structure_definition: builtinStructureDefinition(builtin),
      });
    }
    return ok('Profile retrieved', {
      ...profileSummary(profile),
      structure_definition: profile.structureDefinition,
    });
  }

  @Put(':id')
  @ApiOperation({ summary: 'Replace a custom profile (the path id is authoritative)' })
  async update(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
    @Body() body: ProfileUploadDto,
  ) {
    const profile = await this.commands.execute(
      new UpdateProfileCommand(
        tenant.accountId,
        id,
        body.structure_definition,
        body.implementation_guide,
      ),
    );
    return ok('Profile updated', profileSummary(profile));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a custom profile' })
  async remove(@CurrentTenant() tenant: Tenant, @Param('id') id: string): Promise<void> {
    await this.commands.execute(new DeleteProfileCommand(tenant.accountId, id));
  }
}
