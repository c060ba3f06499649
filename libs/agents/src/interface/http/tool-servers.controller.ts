import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentTenant } from '@app/auth';
import { ok, type Tenant, validationFailed } from '@app/shared';
import { DeleteToolServerCommand } from '../../application/commands/delete-tool-server/delete-tool-server.command.js';
import {
  RegisterToolServerCommand,
  type RegisteredToolServer,
} from '../../application/commands/register-tool-server/register-tool-server.command.js';
import { RemoveServerToolCommand } from '../../application/commands/remove-server-tool/remove-server-tool.command.js';
import { GetServerToolQuery } from '../../application/queries/get-server-tool/get-server-tool.query.js';
import { GetToolServerQuery } from '../../application/queries/get-tool-server/get-tool-server.query.js';
import { ListServerToolsQuery } from '../../application/queries/list-server-tools/list-server-tools.query.js';
import { ListToolServersQuery } from '../../application/queries/list-tool-servers/list-tool-servers.query.js';
import { presentServerTool, presentToolServer } from './presenters.js';
import {
  RegisterToolServerDto,
  ServerToolListResponseDto,
  ServerToolResponseDto,
  ToolServerCreatedResponseDto,
  ToolServerListResponseDto,
  ToolServerResponseDto,
} from './tool-server.dto.js';

type Deleted = { success: true; message: string };

/** MCP tool servers (Streamable HTTP) whose tools agents may use; their ids go in an agent's `tools`. */
@ApiTags('tools')
@ApiBearerAuth('bearer')
@Controller('tools/mcp-server')
export class ToolServersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('create')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Register an MCP tool server and list its tools (headers and bearer token stored encrypted)',
  })
  @ApiOkResponse({ type: ToolServerCreatedResponseDto })
  create(
    @CurrentTenant() tenant: Tenant,
    @Body() body: RegisterToolServerDto,
  ): Promise<ToolServerCreatedResponseDto> {
    return this.register(tenant, body);
  }

  /** The route this service had before the public API's `create`; same body, answers 201. */
  @Post()
  @ApiOperation({ summary: 'Same as POST /tools/mcp-server/create, answering 201' })
  @ApiCreatedResponse({ type: ToolServerCreatedResponseDto })
  async register(
    @CurrentTenant() tenant: Tenant,
    @Body() body: RegisterToolServerDto,
  ): Promise<ToolServerCreatedResponseDto> {
    const url = body.mcp_server_url ?? body.url;
    if (url === undefined) {
      throw validationFailed([
        { field: 'mcp_server_url', problems: ['mcp_server_url (or url) must be given'] },
      ]);
    }
    const headers = { ...(body.headers ?? {}) };
    if (body.bearer_token !== undefined) headers.Authorization = `Bearer ${body.bearer_token}`;
    const registered: RegisteredToolServer = await this.commands.execute(
      new RegisterToolServerCommand(tenant.accountId, {
        name: body.name,
        description: body.description ?? '',
        url,
        headers,
      }),
    );
    const server = presentToolServer(registered.server);
    const message =
      registered.unlistedReason === null
        ? 'MCP server and tools registered'
        : `MCP server registered; its tools could not be listed yet (${registered.unlistedReason})`;
    return ok(message, {
      data: server,
      mcp_servers: [server],
      mcp_server_tools: registered.tools.map(presentServerTool),
    });
  }

  @Get('list')
  @ApiOperation({ summary: "List the account's tool servers" })
  @ApiOkResponse({ type: ToolServerListResponseDto })
  async list(@CurrentTenant() tenant: Tenant): Promise<ToolServerListResponseDto> {
    const servers = await this.queries.execute(new ListToolServersQuery(tenant.accountId));
    return ok('MCP servers retrieved', { mcp_servers: servers.map(presentToolServer) });
  }

  @Get('tool/:toolId')
  @ApiOperation({ summary: 'One tool of an MCP server' })
  @ApiOkResponse({ type: ServerToolResponseDto })
  async tool(
    @CurrentTenant() tenant: Tenant,
    @Param('toolId') toolId: string,
  ): Promise<ServerToolResponseDto> {
    const tool = await this.queries.execute(new GetServerToolQuery(tenant.accountId, toolId));
    return ok('MCP server tool retrieved', { data: presentServerTool(tool) });
  }

  @Delete('tool/:toolId')
  @ApiOperation({
    summary: 'Stop offering one tool of an MCP server to agents (the server is not changed)',
  })
  async removeTool(
    @CurrentTenant() tenant: Tenant,
    @Param('toolId') toolId: string,
  ): Promise<Deleted> {
    await this.commands.execute(new RemoveServerToolCommand(tenant.accountId, toolId));
    return ok('MCP server tool deleted', {});
  }

  @Get(':id/list')
  @ApiOperation({
    summary:
      "The server's tools: listed again when it answers, otherwise as last listed; removed tools are left out",
  })
  @ApiOkResponse({ type: ServerToolListResponseDto })
  async tools(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
  ): Promise<ServerToolListResponseDto> {
    const tools = await this.queries.execute(new ListServerToolsQuery(tenant.accountId, id));
    return ok('MCP server tools retrieved', { mcp_server_tools: tools.map(presentServerTool) });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One tool server (header values are never returned)' })
  @ApiOkResponse({ type: ToolServerResponseDto })
  async get(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
  ): Promise<ToolServerResponseDto> {
    const server = await this.queries.execute(new GetToolServerQuery(tenant.accountId, id));
    return ok('MCP server retrieved', { data: presentToolServer(server) });
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a tool server and its tools (409 while an agent uses it)' })
  async remove(@CurrentTenant() tenant: Tenant, @Param('id') id: string): Promise<Deleted> {
    await this.commands.execute(new DeleteToolServerCommand(tenant.accountId, id));
    return ok('MCP server deleted', {});
  }
}
