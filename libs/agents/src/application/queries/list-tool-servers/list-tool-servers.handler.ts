import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ToolServer } from '../../../domain/tool-server.js';
import { ToolServerRepository } from '../../ports/tool-server.repository.js';
import { ListToolServersQuery } from './list-tool-servers.query.js';

@QueryHandler(ListToolServersQuery)
export class ListToolServersHandler implements IQueryHandler<ListToolServersQuery> {
  constructor(private readonly servers: ToolServerRepository) {}

  execute({ accountId }: ListToolServersQuery): Promise<ToolServer[]> {
    return this.servers.list(accountId);
  }
}
