import { Command } from '@nestjs/cqrs';

/** DELETE /agent/prompts/{id}: refused (409) while an agent uses the prompt. */
export class DeletePromptCommand extends Command<void> {
  constructor(
    readonly accountId: string,
    readonly id: string,
  ) {
    super();
  }
}
