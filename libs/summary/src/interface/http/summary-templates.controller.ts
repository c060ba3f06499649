import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentTenant } from '@app/auth';
import { ok, type Tenant } from '@app/shared';
import { CreateSummaryTemplateCommand } from '../../application/commands/create-summary-template/create-summary-template.command.js';
import { DeleteSummaryTemplateCommand } from '../../application/commands/delete-summary-template/delete-summary-template.command.js';
import { UpdateSummaryTemplateCommand } from '../../application/commands/update-summary-template/update-summary-template.command.js';
import { GetSummaryTemplateQuery } from '../../application/queries/get-summary-template/get-summary-template.query.js';
import { ListSummaryTemplatesQuery } from '../../application/queries/list-summary-templates/list-summary-templates.query.js';
import {
  CreatedSummaryTemplateResponseDto,
  CreateSummaryTemplateDto,
  ListSummaryTemplatesResponseDto,
  SummaryTemplateResponseDto,
  UpdateSummaryTemplateDto,
} from './summary-template.dto.js';
import { presentTemplate } from './summary-template.presenter.js';

/** Summary templates of the caller's account. */
@ApiTags('fhir2summary')
@ApiBearerAuth('bearer')
@Controller('fhir2summary')
export class SummaryTemplatesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('template')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Create a template from an example summary (and the example FHIR data it was written from)',
  })
  @ApiOkResponse({ type: CreatedSummaryTemplateResponseDto })
  async create(
    @CurrentTenant() tenant: Tenant,
    @Body() body: CreateSummaryTemplateDto,
  ): Promise<CreatedSummaryTemplateResponseDto> {
    const { template, warnings } = await this.commands.execute(
      new CreateSummaryTemplateCommand(
        tenant.accountId,
        body.name,
        body.description ?? '',
        body.example_summary,
        body.target_resources,
        body.example_fhir_data ?? null,
        body.mode,
      ),
    );
    return ok('Summary template created', {
      template_id: template.id,
      template: presentTemplate(template),
      spans: template.metadata.spans,
      warnings,
    });
  }

  @Get('templates')
  @ApiOperation({ summary: "List the caller's summary templates" })
  @ApiOkResponse({ type: ListSummaryTemplatesResponseDto })
  async list(@CurrentTenant() tenant: Tenant): Promise<ListSummaryTemplatesResponseDto> {
    const templates = await this.queries.execute(new ListSummaryTemplatesQuery(tenant.accountId));
    return ok('Summary templates retrieved', { templates: templates.map(presentTemplate) });
  }

  @Get('template/:id')
  @ApiOperation({ summary: 'One summary template' })
  @ApiOkResponse({ type: SummaryTemplateResponseDto })
  async get(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
  ): Promise<SummaryTemplateResponseDto> {
    const template = await this.queries.execute(new GetSummaryTemplateQuery(tenant.accountId, id));
    return ok('Summary template retrieved', { template: presentTemplate(template) });
  }

  @Put('template/:id')
  @ApiOperation({ summary: 'Replace a summary template with one written by hand' })
  @ApiOkResponse({ type: SummaryTemplateResponseDto })
  async replace(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
    @Body() body: UpdateSummaryTemplateDto,
  ): Promise<SummaryTemplateResponseDto> {
    const template = await this.commands.execute(
      new UpdateSummaryTemplateCommand(
        tenant.accountId,
        id,
        body.name,
        body.description ?? '',
        body.template,
        body.target_resources,
        body.mode,
      ),
    );
    return ok('Summary template updated', { template: presentTemplate(template) });
  }

  @Delete('template/:id')
  @ApiOperation({ summary: 'Delete a summary template' })
  async remove(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
  ): Promise<{ success: true; message: string }> {
    await this.commands.execute(new DeleteSummaryTemplateCommand(tenant.accountId, id));
    return ok('Summary template deleted', {});
  }
}
