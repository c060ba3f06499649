import { Command } from '@nestjs/cqrs';
import type { AgentPrompt, PromptContent } from '../../../domain/agent-prompt.js';

/** PUT /agent/prompts/{id}: replaces the prompt; making it the default clears the old default. */
export class UpdatePromptCommand extends Command<AgentPrompt> {
  constructor(
    readonly accountId: string,
    readonly id: string,
    readonly content: PromptContent,
  ) {
    super();
  }
}
