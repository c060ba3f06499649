import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ToolServer } from '../../../domain/tool-server.js';
import { toolServerNotFound } from '../../errors.js';
import { ToolServerRepository } from '../../ports/tool-server.repository.js';
import { GetToolServerQuery } from './get-tool-server.query.js';

@QueryHandler(GetToolServerQuery)
export class GetToolServerHandler implements IQueryHandler<GetToolServerQuery> {
  constructor(private readonly servers: ToolServerRepository) {}

  async execute({ accountId, id }: GetToolServerQuery): Promise<ToolServer> {
    const server = await this.servers.find(accountId, id);
    if (!server) throw toolServerNotFound(id);
    return server;
  }
}
