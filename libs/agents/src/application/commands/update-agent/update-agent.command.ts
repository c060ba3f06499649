import { Command } from '@nestjs/cqrs';
import type { Agent } from '../../../domain/agent.js';
import type { AgentDraft } from '../../../domain/agent-draft.js';

/** PUT /agent/{id}: replaces the agent, with the same checks as creation. */
export class UpdateAgentCommand extends Command<Agent> {
  constructor(
    readonly accountId: string,
    readonly id: string,
    readonly draft: AgentDraft,
  ) {
    super();
  }
}
