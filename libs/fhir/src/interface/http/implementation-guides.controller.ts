import { Body, Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '@app/shared';
import { DeleteGuideMetadataCommand } from '../../application/commands/delete-guide-metadata/delete-guide-metadata.command.js';
import { SetGuideContextCommand } from '../../application/commands/set-guide-context/set-guide-context.command.js';
import { GetGuideQuery } from '../../application/queries/get-guide/get-guide.query.js';
import { ListGuidesQuery } from '../../application/queries/list-guides/list-guides.query.js';
import { GuideContextDto } from './profiles.dto.js';
import { guideSummary } from './profiles.presenter.js';

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
  async list() {
    const guides = await this.queries.execute(new ListGuidesQuery());
    return ok('Implementation guides retrieved', {
      implementation_guides: guides.map(guideSummary),
    });
  }

  @Get(':name')
  @ApiOperation({ summary: 'One implementation guide with the ids of its profiles' })
  async get(@Param('name') name: string) {
    const guide = await this.queries.execute(new GetGuideQuery(name));
    return ok('Implementation guide retrieved', {
      ...guideSummary(guide),
      profiles: guide.profileIds,
    });
  }

  @Put(':name')
  @ApiOperation({ summary: "Set (or clear with an empty value) a guide's profile context" })
  async update(@Param('name') name: string, @Body() body: GuideContextDto) {
    const guide = await this.commands.execute(
      new SetGuideContextCommand(name, body.profile_context ?? ''),
    );
    return ok('Implementation guide updated', guideSummary(guide));
  }

  @Delete(':name')
  @HttpCode(204)
  @ApiOperation({ summary: "Delete a guide's stored metadata (its profiles keep their guide)" })
  async remove(@Param('name') name: string): Promise<void> {
    await this.commands.execute(new DeleteGuideMetadataCommand(name));
  }
}
