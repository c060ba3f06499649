import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { WorkflowDirectory } from '../../ports/workflow-directory.js';
import {
  ListWorkflowSummariesQuery,
  type WorkflowSummary,
} from './list-workflow-summaries.query.js';

@QueryHandler(ListWorkflowSummariesQuery)
export class ListWorkflowSummariesHandler implements IQueryHandler<ListWorkflowSummariesQuery> {
  constructor(private readonly directory: WorkflowDirectory) {}

  execute({ accountId, ids }: ListWorkflowSummariesQuery): Promise<WorkflowSummary[]> {
    return this.directory.list(accountId, ids);
  }
}
