import { Controller, Delete, Get, HttpCode, Logger, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CurrentTenant } from '@app/auth';
import type { Tenant } from '@app/shared';
import type { Request, Response } from 'express';
import { ServiceToolbox } from '../../application/services/service-toolbox.js';
import { buildMcpServer } from './mcp-server.factory.js';

/**
 * The service as an MCP server (Streamable HTTP), authenticated by the global bearer guard
 * like every route. Stateless: each POST builds a server with the caller's tools and
 * answers with JSON, so any replica can serve any request and nothing is kept between them.
 */
@ApiTags('mcp')
@ApiBearerAuth('bearer')
@Controller('mcp')
export class McpController {
  private readonly logger = new Logger(McpController.name);

  constructor(private readonly toolbox: ServiceToolbox) {}

  @Post()
  @ApiOperation({
    summary: 'MCP JSON-RPC messages (Streamable HTTP, stateless): tools/list, tools/call, …',
  })
  async handle(
    @CurrentTenant() tenant: Tenant,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const tools = await this.toolbox.forAccount(tenant.accountId);
    const server = buildMcpServer(tools, this.logger);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, request.body);
  }

  @Get()
  @HttpCode(405)
  @ApiOperation({
    summary: 'Not offered: the endpoint is stateless and sends no server-initiated stream',
  })
  streamNotOffered(@Res({ passthrough: true }) response: Response) {
    return this.methodNotAllowed(response);
  }

  @Delete()
  @HttpCode(405)
  @ApiOperation({ summary: 'Not offered: the endpoint is stateless and has no sessions to end' })
  sessionsNotOffered(@Res({ passthrough: true }) response: Response) {
    return this.methodNotAllowed(response);
  }

  private methodNotAllowed(response: Response) {
    response.setHeader('Allow', 'POST');
    return {
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message: 'Method not allowed: this MCP endpoint is stateless; use POST',
      },
      id: null,
    };
  }
}
