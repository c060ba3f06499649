import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AgentsErrorCodes } from '../../../domain/agents-errors.js';
import { inUse, toolServerNotFound } from '../../errors.js';
import { ToolServerRepository } from '../../ports/tool-server.repository.js';
import { DeleteToolServerCommand } from './delete-tool-server.command.js';

@CommandHandler(DeleteToolServerCommand)
export class DeleteToolServerHandler implements ICommandHandler<DeleteToolServerCommand> {
  constructor(private readonly servers: ToolServerRepository) {}

  async execute({ accountId, id }: DeleteToolServerCommand): Promise<void> {
    const outcome = await this.servers.delete(accountId, id);
    if (outcome.usedBy.length > 0)
      throw inUse(AgentsErrorCodes.TOOL_SERVER_IN_USE, `Tool server ${id}`, outcome.usedBy);
    if (!outcome.deleted) throw toolServerNotFound(id);
  }
}
