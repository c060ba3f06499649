import { Command } from '@nestjs/cqrs';
import type { Agent } from '../../../domain/agent.js';
import type { AgentDraft } from '../../../domain/agent-draft.js';

/** POST /agent/create: every referenced id is checked first (400 naming the missing ones). */
export class CreateAgentCommand extends Command<Agent> {
  constructor(
    readonly accountId: string,
    readonly draft: AgentDraft,
  ) {
    super();
  }
}
