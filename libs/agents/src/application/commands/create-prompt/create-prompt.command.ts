import { Command } from '@nestjs/cqrs';
import type { AgentPrompt, PromptContent } from '../../../domain/agent-prompt.js';

/** POST /agent/prompts. A default prompt replaces the account's previous default. */
export class CreatePromptCommand extends Command<AgentPrompt> {
  constructor(
    readonly accountId: string,
    readonly content: PromptContent,
  ) {
    super();
  }
}
