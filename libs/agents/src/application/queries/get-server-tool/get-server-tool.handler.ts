import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ToolServerTool } from '../../../domain/tool-server.js';
import { toolNotFound } from '../../errors.js';
import { ToolServerToolRepository } from '../../ports/tool-server-tool.repository.js';
import { GetServerToolQuery } from './get-server-tool.query.js';

@QueryHandler(GetServerToolQuery)
export class GetServerToolHandler implements IQueryHandler<GetServerToolQuery> {
  constructor(private readonly tools: ToolServerToolRepository) {}

  async execute({ accountId, id }: GetServerToolQuery): Promise<ToolServerTool> {
    const tool = await this.tools.findActive(accountId, id);
    if (!tool) throw toolNotFound(id);
    return tool;
  }
}
