import { Query } from '@nestjs/cqrs';

export interface WorkflowReference {
  /** What refers to the workflow, e.g. `agent`. */
  kind: string;
  id: string;
  name: string;
}

/**
 * Asked before a workflow is deleted: who outside this module still refers to it. The
 * workflows module declares the question; the module that holds references (agents)
 * answers it. A non-empty answer makes the delete a 409 naming them.
 */
export class FindWorkflowReferencesQuery extends Query<WorkflowReference[]> {
  constructor(
    readonly accountId: string,
    readonly workflowId: string,
  ) {
    super();
  }
}
