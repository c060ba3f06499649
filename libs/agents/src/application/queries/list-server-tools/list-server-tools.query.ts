import { Query } from '@nestjs/cqrs';
import type { ToolServerTool } from '../../../domain/tool-server.js';

/**
 * GET /tools/mcp-server/{id}/list: the server is listed again (new tools are recorded);
 * the answer is its recorded tools minus the removed ones, even when it cannot be reached.
 */
export class ListServerToolsQuery extends Query<ToolServerTool[]> {
  constructor(
    readonly accountId: string,
    readonly serverId: string,
  ) {
    super();
  }
}
