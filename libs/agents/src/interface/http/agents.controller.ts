import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentTenant } from '@app/auth';
import { ok, type Tenant } from '@app/shared';
import { CreateAgentCommand } from '../../application/commands/create-agent/create-agent.command.js';
import { DeleteAgentCommand } from '../../application/commands/delete-agent/delete-agent.command.js';
import { UpdateAgentCommand } from '../../application/commands/update-agent/update-agent.command.js';
import { GetAgentQuery } from '../../application/queries/get-agent/get-agent.query.js';
import { ListAgentsQuery } from '../../application/queries/list-agents/list-agents.query.js';
import type { Agent } from '../../domain/agent.js';
import type { AgentDraft } from '../../domain/agent-draft.js';
import { AgentBodyDto, AgentListResponseDto, AgentResponseDto } from './agent.dto.js';
import { JSON_PATCH_SCHEMA, JSON_PATCH_TYPES, patchedBody } from './json-patch-body.js';
import { presentAgent } from './presenters.js';

function draft(body: AgentBodyDto): AgentDraft {
  return {
    name: body.name,
    description: body.description ?? '',
    promptIds: body.prompts,
    toolServerIds: body.tools ?? [],
    workflowIds: body.workflows ?? [],
    tags: body.tags ?? [],
    provider: body.provider,
  };
}

/** The agent as a PUT body: what a JSON Patch applies to. */
function putBody(agent: Agent): Record<string, unknown> {
  return {
    name: agent.name,
    description: agent.description,
    prompts: agent.promptIds,
    tools: agent.toolServerIds,
    workflows: agent.workflowIds,
    tags: agent.tags,
    provider: agent.provider,
  };
}

function tagList(tags: string | undefined): string[] {
  return (tags ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** The account's agents: prompts, tool servers, workflows and FHIR providers, all checked to exist. */
@ApiTags('agent')
@ApiBearerAuth('bearer')
@Controller('agent')
export class AgentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('create')
  @ApiOperation({
    summary:
      'Create an agent; unknown prompt, tool, workflow or provider ids are a 400 naming them',
  })
  @ApiCreatedResponse({ type: AgentResponseDto })
  async create(
    @CurrentTenant() tenant: Tenant,
    @Body() body: AgentBodyDto,
  ): Promise<AgentResponseDto> {
    const agent = await this.commands.execute(
      new CreateAgentCommand(tenant.accountId, draft(body)),
    );
    return ok('Agent created', { data: presentAgent(agent) });
  }

  @Get('list')
  @ApiOperation({ summary: "List the account's agents" })
  @ApiQuery({
    name: 'tags',
    required: false,
    description: 'Comma-separated; only agents carrying every one of these tags',
  })
  @ApiOkResponse({ type: AgentListResponseDto })
  async list(
    @CurrentTenant() tenant: Tenant,
    @Query('tags') tags?: string,
  ): Promise<AgentListResponseDto> {
    const agents = await this.queries.execute(
      new ListAgentsQuery(tenant.accountId, tagList(typeof tags === 'string' ? tags : undefined)),
    );
    return ok('Agents retrieved', { agents: agents.map(presentAgent) });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One agent' })
  @ApiOkResponse({ type: AgentResponseDto })
  async get(@CurrentTenant() tenant: Tenant, @Param('id') id: string): Promise<AgentResponseDto> {
    const agent = await this.queries.execute(new GetAgentQuery(tenant.accountId, id));
    return ok('Agent retrieved', { data: presentAgent(agent) });
  }

  @Put(':id')
  @ApiOperation({ summary: 'Replace an agent (same checks as creation)' })
  @ApiOkResponse({ type: AgentResponseDto })
  async replace(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
    @Body() body: AgentBodyDto,
  ): Promise<AgentResponseDto> {
    const agent = await this.commands.execute(
      new UpdateAgentCommand(tenant.accountId, id, draft(body)),
    );
    return ok('Agent updated', { data: presentAgent(agent) });
  }

  @Patch(':id')
  @ApiOperation({
    summary:
      'Change an agent with a JSON Patch (RFC 6902); the result is checked like a PUT body. 400 when the patch cannot be applied or a test fails',
  })
  @ApiConsumes(...JSON_PATCH_TYPES)
  @ApiBody({ schema: JSON_PATCH_SCHEMA })
  @ApiOkResponse({ type: AgentResponseDto })
  async patch(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
    @Body() patch: unknown,
  ): Promise<AgentResponseDto> {
    const current = await this.queries.execute(new GetAgentQuery(tenant.accountId, id));
    const body = await patchedBody(putBody(current), patch, AgentBodyDto);
    const agent = await this.commands.execute(
      new UpdateAgentCommand(tenant.accountId, id, draft(body)),
    );
    return ok('Agent patched', { data: presentAgent(agent) });
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete an agent and its chat sessions' })
  async remove(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
  ): Promise<{ success: true; message: string }> {
    await this.commands.execute(new DeleteAgentCommand(tenant.accountId, id));
    return ok('Agent deleted', {});
  }
}
