import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { WorkflowRepository } from '../../ports/workflow.repository.js';
import {
  ListWorkflowSummariesQuery,
  type WorkflowSummary,
} from './list-workflow-summaries.query.js';

@QueryHandler(ListWorkflowSummariesQuery)
export class ListWorkflowSummariesHandler implements IQueryHandler<ListWorkflowSummariesQuery> {
  constructor(private readonly workflows: WorkflowRepository) {}

  async execute({ accountId, ids }: ListWorkflowSummariesQuery): Promise<WorkflowSummary[]> {
    const workflows = await this.workflows.list(accountId, ids);
    return workflows.map((workflow) => ({
      id: workflow.id,
      name: workflow.name,
      workflowInstructions: workflow.instructions,
      inputFields: Object.keys(workflow.sampleData),
    }));
  }
}
