import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AgentsErrorCodes } from '../../../domain/agents-errors.js';
import { inUse, promptNotFound } from '../../errors.js';
import { PromptRepository } from '../../ports/prompt.repository.js';
import { DeletePromptCommand } from './delete-prompt.command.js';

@CommandHandler(DeletePromptCommand)
export class DeletePromptHandler implements ICommandHandler<DeletePromptCommand> {
  constructor(private readonly prompts: PromptRepository) {}

  async execute({ accountId, id }: DeletePromptCommand): Promise<void> {
    const outcome = await this.prompts.delete(accountId, id);
    if (outcome.usedBy.length > 0)
      throw inUse(AgentsErrorCodes.PROMPT_IN_USE, `Prompt ${id}`, outcome.usedBy);
    if (!outcome.deleted) throw promptNotFound(id);
  }
}
