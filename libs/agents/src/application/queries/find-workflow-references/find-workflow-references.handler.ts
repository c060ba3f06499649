import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { FindWorkflowReferencesQuery, type WorkflowReference } from '@app/workflows';
import { AgentRepository } from '../../ports/agent.repository.js';

/** Answers the workflows module before it deletes a workflow: the agents that offer it as a tool. */
@QueryHandler(FindWorkflowReferencesQuery)
export class FindWorkflowReferencesHandler implements IQueryHandler<FindWorkflowReferencesQuery> {
  constructor(private readonly agents: AgentRepository) {}

  async execute({
    accountId,
    workflowId,
  }: FindWorkflowReferencesQuery): Promise<WorkflowReference[]> {
    const agents = await this.agents.findUsingWorkflow(accountId, workflowId);
    return agents.map((agent) => ({ kind: 'agent', id: agent.id, name: agent.name }));
  }
}
