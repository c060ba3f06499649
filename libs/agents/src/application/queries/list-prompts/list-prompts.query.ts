import { Query } from '@nestjs/cqrs';
import type { AgentPrompt } from '../../../domain/agent-prompt.js';

export class ListPromptsQuery extends Query<AgentPrompt[]> {
  constructor(readonly accountId: string) {
    super();
  }
}
