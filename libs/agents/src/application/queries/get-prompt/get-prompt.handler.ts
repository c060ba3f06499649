import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AgentPrompt } from '../../../domain/agent-prompt.js';
import { promptNotFound } from '../../errors.js';
import { PromptRepository } from '../../ports/prompt.repository.js';
import { GetPromptQuery } from './get-prompt.query.js';

@QueryHandler(GetPromptQuery)
export class GetPromptHandler implements IQueryHandler<GetPromptQuery> {
  constructor(private readonly prompts: PromptRepository) {}

  async execute({ accountId, id }: GetPromptQuery): Promise<AgentPrompt> {
    const prompt = await this.prompts.find(accountId, id);
    if (!prompt) throw promptNotFound(id);
    return prompt;
  }
}
