import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Workflow } from '../../../domain/workflow.js';
import { WorkflowRepository } from '../../ports/workflow.repository.js';
import { ListWorkflowsQuery } from './list-workflows.query.js';

@QueryHandler(ListWorkflowsQuery)
export class ListWorkflowsHandler implements IQueryHandler<ListWorkflowsQuery> {
  constructor(private readonly workflows: WorkflowRepository) {}

  execute({ accountId }: ListWorkflowsQuery): Promise<Workflow[]> {
    return this.workflows.list(accountId);
  }
}
