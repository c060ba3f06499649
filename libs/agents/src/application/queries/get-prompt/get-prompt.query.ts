import { Query } from '@nestjs/cqrs';
import type { AgentPrompt } from '../../../domain/agent-prompt.js';

export class GetPromptQuery extends Query<AgentPrompt> {
  constructor(
    readonly accountId: string,
    readonly id: string,
  ) {
    super();
  }
}
