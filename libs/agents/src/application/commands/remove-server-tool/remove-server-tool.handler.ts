import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { toolNotFound } from '../../errors.js';
import { ToolServerToolRepository } from '../../ports/tool-server-tool.repository.js';
import { RemoveServerToolCommand } from './remove-server-tool.command.js';

@CommandHandler(RemoveServerToolCommand)
export class RemoveServerToolHandler implements ICommandHandler<RemoveServerToolCommand> {
  constructor(private readonly tools: ToolServerToolRepository) {}

  async execute({ accountId, id }: RemoveServerToolCommand): Promise<void> {
    if (!(await this.tools.remove(accountId, id))) throw toolNotFound(id);
  }
}
