import { Query } from '@nestjs/cqrs';
import type { Workflow } from '../../../domain/workflow.js';

/** One workflow of the account; another account's id answers 404. */
export class GetWorkflowQuery extends Query<Workflow> {
  constructor(
    readonly accountId: string,
    readonly workflowId: string,
  ) {
    super();
  }
}
