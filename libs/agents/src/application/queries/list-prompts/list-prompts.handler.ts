import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AgentPrompt } from '../../../domain/agent-prompt.js';
import { PromptRepository } from '../../ports/prompt.repository.js';
import { ListPromptsQuery } from './list-prompts.query.js';

@QueryHandler(ListPromptsQuery)
export class ListPromptsHandler implements IQueryHandler<ListPromptsQuery> {
  constructor(private readonly prompts: PromptRepository) {}

  execute({ accountId }: ListPromptsQuery): Promise<AgentPrompt[]> {
    return this.prompts.list(accountId);
  }
}
