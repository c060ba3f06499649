import { Command } from '@nestjs/cqrs';
import type { NewToolServer, ToolServer, ToolServerTool } from '../../../domain/tool-server.js';

export interface RegisteredToolServer {
  server: ToolServer;
  /** The tools the server listed when it was registered. */
  tools: ToolServerTool[];
  /** Why the server could not be listed at registration (it is registered all the same). */
  unlistedReason: string | null;
}

/** POST /tools/mcp-server/create: an MCP server (Streamable HTTP) whose tools agents may use. */
export class RegisterToolServerCommand extends Command<RegisteredToolServer> {
  constructor(
    readonly accountId: string,
    readonly server: NewToolServer,
  ) {
    super();
  }
}
