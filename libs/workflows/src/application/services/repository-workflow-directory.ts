import { Injectable } from '@nestjs/common';
import { WorkflowDirectory } from '../ports/workflow-directory.js';
import { WorkflowRepository } from '../ports/workflow.repository.js';
import type { WorkflowSummary } from '../queries/list-workflow-summaries/list-workflow-summaries.query.js';

@Injectable()
export class RepositoryWorkflowDirectory extends WorkflowDirectory {
  constructor(private readonly workflows: WorkflowRepository) {
    super();
  }

  async list(accountId: string, ids?: readonly string[]): Promise<WorkflowSummary[]> {
    const workflows = await this.workflows.list(accountId, ids);
    return workflows.map((workflow) => ({
      id: workflow.id,
      name: workflow.name,
      workflowInstructions: workflow.instructions,
      inputFields: Object.keys(workflow.sampleData),
    }));
  }
}
