import { Command } from '@nestjs/cqrs';
import type { NewToolServer, ToolServer } from '../../../domain/tool-server.js';

/** POST /tools/mcp-server: an MCP server (Streamable HTTP) whose tools agents may use. */
export class RegisterToolServerCommand extends Command<ToolServer> {
  constructor(
    readonly accountId: string,
    readonly server: NewToolServer,
  ) {
    super();
  }
}
