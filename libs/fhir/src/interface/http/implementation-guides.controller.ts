import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentTenant } from '@app/auth';
import { AppError, ok, type Tenant } from '@app/shared';
import { ImportGuidePackageCommand } from '../../application/commands/import-guide-package/import-guide-package.command.js';
import { DeleteGuideMetadataCommand } from '../../application/commands/delete-guide-metadata/delete-guide-metadata.command.js';
import { SetGuideContextCommand } from '../../application/commands/set-guide-context/set-guide-context.command.js';
import { GetGuideQuery } from '../../application/queries/get-guide/get-guide.query.js';
import { ListGuidesQuery } from '../../application/queries/list-guides/list-guides.query.js';
import { GuideContextDto } from './profiles.dto.js';
import { guideImportSummary, guideSummary } from './profiles.presenter.js';

/** Implementation guides: named groups of custom profiles with a profile context for lang2fhir. */
@ApiTags('fhir-profiles')
@ApiBearerAuth('bearer')
@Controller('fhir/implementation-guides')
export class ImplementationGuidesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List implementation guides with their profile counts' })
  async list(@CurrentTenant() tenant: Tenant) {
    const guides = await this.queries.execute(new ListGuidesQuery(tenant.accountId));
    return ok('Implementation guides retrieved', {
      implementation_guides: guides.map(guideSummary),
    });
  }

  @Get(':name')
  @ApiOperation({ summary: 'One implementation guide with the ids of its profiles' })
  async get(@CurrentTenant() tenant: Tenant, @Param('name') name: string) {
    const guide = await this.queries.execute(new GetGuideQuery(tenant.accountId, name));
    return ok('Implementation guide retrieved', {
      ...guideSummary(guide),
      profiles: guide.profileIds,
    });
  }

  @Put(':name')
  @ApiOperation({ summary: "Set (or clear with an empty value) a guide's profile context" })
  async update(
    @CurrentTenant() tenant: Tenant,
    @Param('name') name: string,
    @Body() body: GuideContextDto,
  ) {
    const guide = await this.commands.execute(
      new SetGuideContextCommand(tenant.accountId, name, body.profile_context ?? ''),
    );
    return ok('Implementation guide updated', guideSummary(guide));
  }

  @Post(':name/package')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Import a guide: a package.tgz (FHIR NPM package, Content-Type application/gzip) or {"resources": [...]}; its resource profiles become custom profiles of the guide, its ValueSets bind them',
  })
  @ApiConsumes('application/gzip', 'application/json')
  @ApiBody({ schema: { oneOf: [{ type: 'string', format: 'binary' }, { type: 'object' }] } })
  async importPackage(
    @CurrentTenant() tenant: Tenant,
    @Param('name') name: string,
    @Body() body: unknown,
  ) {
    const result = await this.commands.execute(
      new ImportGuidePackageCommand(tenant.accountId, name, packageSource(body)),
    );
    return ok('Implementation guide imported', guideImportSummary(result));
  }

  @Delete(':name')
  @HttpCode(204)
  @ApiOperation({ summary: "Delete a guide's stored metadata (its profiles keep their guide)" })
  async remove(@CurrentTenant() tenant: Tenant, @Param('name') name: string): Promise<void> {
    await this.commands.execute(new DeleteGuideMetadataCommand(tenant.accountId, name));
  }
}

function packageSource(body: unknown): ImportGuidePackageCommand['source'] {
  if (Buffer.isBuffer(body) && body.length > 0) return { archive: body };
  const resources = (body as { resources?: unknown } | undefined)?.resources;
  if (Array.isArray(resources) && resources.length > 0) return { resources };
  throw AppError.badRequest(
    'FHIR_PROFILES.INVALID_PACKAGE',
    'Send the package.tgz as the body (Content-Type: application/gzip), or JSON {"resources": [StructureDefinition or ValueSet, ...]}',
  );
}
