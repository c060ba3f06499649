import { Command } from '@nestjs/cqrs';
import type { WorkflowRequest } from '../../services/workflow-generator.js';
import type { SavedWorkflow } from '../create-workflow/create-workflow.command.js';

/** PUT /workflows/{id}: replace a workflow; the graph is planned again when what it is made from changed. */
export class UpdateWorkflowCommand extends Command<SavedWorkflow> {
  constructor(
    readonly accountId: string,
    readonly workflowId: string,
    readonly request: WorkflowRequest,
  ) {
    super();
  }
}
