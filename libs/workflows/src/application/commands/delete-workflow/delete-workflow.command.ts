import { Command } from '@nestjs/cqrs';

/** DELETE /workflows/{id}: refused (409) while another workflow or an agent still refers to it. */
export class DeleteWorkflowCommand extends Command<void> {
  constructor(
    readonly accountId: string,
    readonly workflowId: string,
  ) {
    super();
  }
}
