import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { AgentPrompt } from '../../../domain/agent-prompt.js';
import { PromptRepository } from '../../ports/prompt.repository.js';
import { CreatePromptCommand } from './create-prompt.command.js';

@CommandHandler(CreatePromptCommand)
export class CreatePromptHandler implements ICommandHandler<CreatePromptCommand> {
  constructor(private readonly prompts: PromptRepository) {}

  execute({ accountId, content }: CreatePromptCommand): Promise<AgentPrompt> {
    return this.prompts.create(accountId, randomUUID(), content);
  }
}
