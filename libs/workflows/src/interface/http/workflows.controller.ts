import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { parseOnBehalfOf, parseProviderTokens } from '@app/fhir-provider';
import { CurrentTenant } from '@app/auth';
import { ok, RequestContext, type Tenant } from '@app/shared';
import type { Request } from 'express';
import { CreateWorkflowCommand } from '../../application/commands/create-workflow/create-workflow.command.js';
import { DeleteWorkflowCommand } from '../../application/commands/delete-workflow/delete-workflow.command.js';
import { ExecuteWorkflowCommand } from '../../application/commands/execute-workflow/execute-workflow.command.js';
import { UpdateWorkflowCommand } from '../../application/commands/update-workflow/update-workflow.command.js';
import { GetWorkflowQuery } from '../../application/queries/get-workflow/get-workflow.query.js';
import { ListWorkflowsQuery } from '../../application/queries/list-workflows/list-workflows.query.js';
import type { WorkflowRequest } from '../../application/services/workflow-generator.js';
import type { Workflow } from '../../domain/workflow.js';
import {
  ExecuteWorkflowDto,
  ExecuteWorkflowResponseDto,
  SavedWorkflowResponseDto,
  VerboseQueryDto,
  WorkflowListResponseDto,
  WorkflowRequestDto,
  WorkflowResponseDto,
} from './workflow.dto.js';
import { presentWorkflow, presentWorkflowDetails } from './workflow.presenter.js';

/** Workflows of the caller's account: generated from instructions, stored, executed. */
@ApiTags('workflows')
@ApiBearerAuth('bearer')
@Controller('workflows')
export class WorkflowsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Create a workflow: the step graph is planned from the instructions and sample data',
  })
  @ApiOkResponse({ type: SavedWorkflowResponseDto })
  async create(
    @CurrentTenant() tenant: Tenant,
    @Body() body: WorkflowRequestDto,
    @Query() query: VerboseQueryDto,
  ): Promise<SavedWorkflowResponseDto> {
    const { workflow, warnings } = await this.commands.execute(
      new CreateWorkflowCommand(tenant.accountId, toRequest(body)),
    );
    return ok('Workflow created', {
      workflow_id: workflow.id,
      ...withDetails(workflow, query.verbose),
      warnings,
    });
  }

  @Get()
  @ApiOperation({ summary: "List the caller's workflows" })
  @ApiOkResponse({ type: WorkflowListResponseDto })
  async list(
    @CurrentTenant() tenant: Tenant,
    @Query() query: VerboseQueryDto,
  ): Promise<WorkflowListResponseDto> {
    const workflows = await this.queries.execute(new ListWorkflowsQuery(tenant.accountId));
    return ok('Workflows retrieved', {
      workflows: workflows.map(presentWorkflow),
      ...(query.verbose ? { workflow_details: workflows.map(presentWorkflowDetails) } : {}),
    });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One workflow' })
  @ApiOkResponse({ type: WorkflowResponseDto })
  async get(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
    @Query() query: VerboseQueryDto,
  ): Promise<WorkflowResponseDto> {
    const workflow = await this.queries.execute(new GetWorkflowQuery(tenant.accountId, id));
    return ok('Workflow retrieved', withDetails(workflow, query.verbose));
  }

  @Put(':id')
  @ApiOperation({
    summary:
      'Replace a workflow; its graph is planned again when the instructions, sample data, providers or dynamic_generation change',
  })
  @ApiOkResponse({ type: SavedWorkflowResponseDto })
  async update(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
    @Body() body: WorkflowRequestDto,
    @Query() query: VerboseQueryDto,
  ): Promise<SavedWorkflowResponseDto> {
    const { workflow, warnings } = await this.commands.execute(
      new UpdateWorkflowCommand(tenant.accountId, id, toRequest(body)),
    );
    return ok('Workflow updated', {
      workflow_id: workflow.id,
      ...withDetails(workflow, query.verbose),
      warnings,
    });
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a workflow (409 while another workflow or an agent uses it)' })
  async remove(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
  ): Promise<{ success: true; message: string }> {
    await this.commands.execute(new DeleteWorkflowCommand(tenant.accountId, id));
    return ok('Workflow deleted', {});
  }

  @Post(':id/execute')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Run a workflow with input data; preview builds every resource but writes nothing. A failing step stops the run (4xx/502 with every step's report and what was created)",
  })
  @ApiHeader({
    name: 'X-Service-Fhir-Provider',
    required: false,
    description: '<provider_id>:<token>, comma-separated',
  })
  @ApiHeader({
    name: 'X-Service-On-Behalf-Of',
    required: false,
    description: 'Patient/<id> or Practitioner/<id>',
  })
  @ApiOkResponse({ type: ExecuteWorkflowResponseDto })
  async execute(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
    @Body() body: ExecuteWorkflowDto,
    @Req() request: Request,
  ): Promise<ExecuteWorkflowResponseDto> {
    const preview = body.preview ?? false;
    const result = (await this.commands.execute(
      new ExecuteWorkflowCommand(
        tenant.accountId,
        id,
        body.input_data,
        preview,
        {
          providerTokens: parseProviderTokens(request.header('x-service-fhir-provider')),
          onBehalfOf: parseOnBehalfOf(request.header('x-service-on-behalf-of')),
        },
        RequestContext.signal(),
      ),
    )) as Omit<ExecuteWorkflowResponseDto, 'success' | 'message'>;
    return ok(preview ? 'Workflow previewed; nothing was written' : 'Workflow executed', result);
  }
}

function toRequest(body: WorkflowRequestDto): WorkflowRequest {
  const providers = Array.isArray(body.fhir_provider_id)
    ? body.fhir_provider_id
    : [body.fhir_provider_id];
  return {
    name: body.name.trim(),
    instructions: body.workflow_instructions,
    sampleData: body.sample_data,
    providers: providers.map((provider) => provider.trim()),
    dynamicGeneration: body.dynamic_generation ?? false,
  };
}

function withDetails(workflow: Workflow, verbose: boolean | undefined) {
  return {
    workflow: presentWorkflow(workflow),
    ...(verbose ? { workflow_details: presentWorkflowDetails(workflow) } : {}),
  };
}
