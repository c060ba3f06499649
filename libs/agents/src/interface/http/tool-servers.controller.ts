import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentTenant } from '@app/auth';
import { ok, type Tenant } from '@app/shared';
import { DeleteToolServerCommand } from '../../application/commands/delete-tool-server/delete-tool-server.command.js';
import { RegisterToolServerCommand } from '../../application/commands/register-tool-server/register-tool-server.command.js';
import { GetToolServerQuery } from '../../application/queries/get-tool-server/get-tool-server.query.js';
import { ListToolServersQuery } from '../../application/queries/list-tool-servers/list-tool-servers.query.js';
import { presentToolServer } from './presenters.js';
import {
  RegisterToolServerDto,
  ToolServerListResponseDto,
  ToolServerResponseDto,
} from './tool-server.dto.js';

/** MCP tool servers (Streamable HTTP) whose tools agents may use; their ids go in an agent's `tools`. */
@ApiTags('tools')
@ApiBearerAuth('bearer')
@Controller('tools/mcp-server')
export class ToolServersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Register an MCP tool server (headers and bearer token stored encrypted)',
  })
  @ApiCreatedResponse({ type: ToolServerResponseDto })
  async register(
    @CurrentTenant() tenant: Tenant,
    @Body() body: RegisterToolServerDto,
  ): Promise<ToolServerResponseDto> {
    const headers = { ...(body.headers ?? {}) };
    if (body.bearer_token !== undefined) headers.Authorization = `Bearer ${body.bearer_token}`;
    const server = await this.commands.execute(
      new RegisterToolServerCommand(tenant.accountId, {
        name: body.name,
        description: body.description ?? '',
        url: body.url,
        headers,
      }),
    );
    return ok('Tool server registered', { data: presentToolServer(server) });
  }

  @Get('list')
  @ApiOperation({ summary: "List the account's tool servers" })
  @ApiOkResponse({ type: ToolServerListResponseDto })
  async list(@CurrentTenant() tenant: Tenant): Promise<ToolServerListResponseDto> {
    const servers = await this.queries.execute(new ListToolServersQuery(tenant.accountId));
    return ok('Tool servers retrieved', { data: servers.map(presentToolServer) });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One tool server (header values are never returned)' })
  @ApiOkResponse({ type: ToolServerResponseDto })
  async get(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
  ): Promise<ToolServerResponseDto> {
    const server = await this.queries.execute(new GetToolServerQuery(tenant.accountId, id));
    return ok('Tool server retrieved', { data: presentToolServer(server) });
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a tool server (409 while an agent uses it)' })
  async remove(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
  ): Promise<{ success: true; message: string }> {
    await this.commands.execute(new DeleteToolServerCommand(tenant.accountId, id));
    return ok('Tool server deleted', {});
  }
}
