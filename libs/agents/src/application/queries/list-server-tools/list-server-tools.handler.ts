import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ToolServerTool } from '../../../domain/tool-server.js';
import { toolServerNotFound } from '../../errors.js';
import { ToolServerRepository } from '../../ports/tool-server.repository.js';
import { ToolServerToolRepository } from '../../ports/tool-server-tool.repository.js';
import { ToolServerConnector } from '../../services/tool-server-connector.js';
import { ListServerToolsQuery } from './list-server-tools.query.js';

@QueryHandler(ListServerToolsQuery)
export class ListServerToolsHandler implements IQueryHandler<ListServerToolsQuery> {
  constructor(
    private readonly servers: ToolServerRepository,
    private readonly tools: ToolServerToolRepository,
    private readonly connector: ToolServerConnector,
  ) {}

  async execute({ accountId, serverId }: ListServerToolsQuery): Promise<ToolServerTool[]> {
    const [entry] = await this.servers.findMany(accountId, [serverId]);
    if (!entry) throw toolServerNotFound(serverId);
    await this.connector.refresh(entry);
    return this.tools.listActive(accountId, serverId);
  }
}
