import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AgentPrompt } from '../../../domain/agent-prompt.js';
import { promptNotFound } from '../../errors.js';
import { PromptRepository } from '../../ports/prompt.repository.js';
import { UpdatePromptCommand } from './update-prompt.command.js';

@CommandHandler(UpdatePromptCommand)
export class UpdatePromptHandler implements ICommandHandler<UpdatePromptCommand> {
  constructor(private readonly prompts: PromptRepository) {}

  async execute({ accountId, id, content }: UpdatePromptCommand): Promise<AgentPrompt> {
    const prompt = await this.prompts.replace(accountId, id, content);
    if (!prompt) throw promptNotFound(id);
    return prompt;
  }
}
