import { Command } from '@nestjs/cqrs';
import type { Workflow } from '../../../domain/workflow.js';
import type { WorkflowRequest } from '../../services/workflow-generator.js';

export interface SavedWorkflow {
  workflow: Workflow;
  /** Parts of the instructions the planner left out, and why. */
  warnings: string[];
}

/** POST /workflows: plan the graph from the instructions and sample data, then store it. */
export class CreateWorkflowCommand extends Command<SavedWorkflow> {
  constructor(
    readonly accountId: string,
    readonly request: WorkflowRequest,
  ) {
    super();
  }
}
