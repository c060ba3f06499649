import { Body, Controller, Delete, Get, Param, Patch, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentTenant } from '@app/auth';
import { ok, type Tenant } from '@app/shared';
import { CreatePromptCommand } from '../../application/commands/create-prompt/create-prompt.command.js';
import { DeletePromptCommand } from '../../application/commands/delete-prompt/delete-prompt.command.js';
import { UpdatePromptCommand } from '../../application/commands/update-prompt/update-prompt.command.js';
import { GetPromptQuery } from '../../application/queries/get-prompt/get-prompt.query.js';
import { ListPromptsQuery } from '../../application/queries/list-prompts/list-prompts.query.js';
import type { AgentPrompt, PromptContent } from '../../domain/agent-prompt.js';
import { JSON_PATCH_SCHEMA, JSON_PATCH_TYPES, patchedBody } from './json-patch-body.js';
import { PromptBodyDto, PromptListResponseDto, PromptResponseDto } from './prompt.dto.js';
import { presentPrompt } from './presenters.js';

function content(body: PromptBodyDto): PromptContent {
  return {
    name: body.name,
    description: body.description ?? '',
    content: body.content,
    isDefault: body.is_default ?? false,
    tags: body.tags ?? [],
  };
}

/** The prompt as a PUT body: what a JSON Patch applies to. */
function putBody(prompt: AgentPrompt): Record<string, unknown> {
  return {
    name: prompt.name,
    description: prompt.description,
    content: prompt.content,
    is_default: prompt.isDefault,
    tags: prompt.tags,
  };
}

/** The account's agent prompts; at most one is the default. */
@ApiTags('agent')
@ApiBearerAuth('bearer')
@Controller('agent/prompts')
export class PromptsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a prompt (is_default: true replaces the previous default)' })
  @ApiCreatedResponse({ type: PromptResponseDto })
  async create(
    @CurrentTenant() tenant: Tenant,
    @Body() body: PromptBodyDto,
  ): Promise<PromptResponseDto> {
    const prompt = await this.commands.execute(
      new CreatePromptCommand(tenant.accountId, content(body)),
    );
    return ok('Agent prompt created', { data: presentPrompt(prompt) });
  }

  @Get('list')
  @ApiOperation({ summary: "List the account's prompts" })
  @ApiOkResponse({ type: PromptListResponseDto })
  async list(@CurrentTenant() tenant: Tenant): Promise<PromptListResponseDto> {
    const prompts = await this.queries.execute(new ListPromptsQuery(tenant.accountId));
    return ok('Agent prompts retrieved', { prompts: prompts.map(presentPrompt) });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One prompt' })
  @ApiOkResponse({ type: PromptResponseDto })
  async get(@CurrentTenant() tenant: Tenant, @Param('id') id: string): Promise<PromptResponseDto> {
    const prompt = await this.queries.execute(new GetPromptQuery(tenant.accountId, id));
    return ok('Agent prompt retrieved', { data: presentPrompt(prompt) });
  }

  @Put(':id')
  @ApiOperation({ summary: 'Replace a prompt' })
  @ApiOkResponse({ type: PromptResponseDto })
  async replace(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
    @Body() body: PromptBodyDto,
  ): Promise<PromptResponseDto> {
    const prompt = await this.commands.execute(
      new UpdatePromptCommand(tenant.accountId, id, content(body)),
    );
    return ok('Agent prompt updated', { data: presentPrompt(prompt) });
  }

  @Patch(':id')
  @ApiOperation({
    summary:
      'Change a prompt with a JSON Patch (RFC 6902); the result is checked like a PUT body. 400 when the patch cannot be applied or a test fails',
  })
  @ApiConsumes(...JSON_PATCH_TYPES)
  @ApiBody({ schema: JSON_PATCH_SCHEMA })
  @ApiOkResponse({ type: PromptResponseDto })
  async patch(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
    @Body() patch: unknown,
  ): Promise<PromptResponseDto> {
    const current = await this.queries.execute(new GetPromptQuery(tenant.accountId, id));
    const body = await patchedBody(putBody(current), patch, PromptBodyDto);
    const prompt = await this.commands.execute(
      new UpdatePromptCommand(tenant.accountId, id, content(body)),
    );
    return ok('Agent prompt patched', { data: presentPrompt(prompt) });
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a prompt (409 while an agent uses it)' })
  async remove(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
  ): Promise<{ success: true; message: string }> {
    await this.commands.execute(new DeletePromptCommand(tenant.accountId, id));
    return ok('Agent prompt deleted', {});
  }
}
