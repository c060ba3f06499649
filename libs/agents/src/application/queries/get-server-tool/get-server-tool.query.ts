import { Query } from '@nestjs/cqrs';
import type { ToolServerTool } from '../../../domain/tool-server.js';

/** GET /tools/mcp-server/tool/{id}: one recorded, not removed, tool of an MCP server. */
export class GetServerToolQuery extends Query<ToolServerTool> {
  constructor(
    readonly accountId: string,
    readonly id: string,
  ) {
    super();
  }
}
