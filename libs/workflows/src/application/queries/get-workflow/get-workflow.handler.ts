import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Workflow } from '../../../domain/workflow.js';
import { WorkflowRepository } from '../../ports/workflow.repository.js';
import { workflowNotFound } from '../../workflow-not-found.js';
import { GetWorkflowQuery } from './get-workflow.query.js';

@QueryHandler(GetWorkflowQuery)
export class GetWorkflowHandler implements IQueryHandler<GetWorkflowQuery> {
  constructor(private readonly workflows: WorkflowRepository) {}

  async execute({ accountId, workflowId }: GetWorkflowQuery): Promise<Workflow> {
    const workflow = await this.workflows.find(accountId, workflowId);
    if (!workflow) throw workflowNotFound(workflowId);
    return workflow;
  }
}
