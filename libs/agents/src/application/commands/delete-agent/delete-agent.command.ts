import { Command } from '@nestjs/cqrs';

/** DELETE /agent/{id}: the agent and its chat sessions. */
export class DeleteAgentCommand extends Command<void> {
  constructor(
    readonly accountId: string,
    readonly id: string,
  ) {
    super();
  }
}
