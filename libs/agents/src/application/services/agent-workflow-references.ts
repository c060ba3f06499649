import { Injectable, type OnModuleInit } from '@nestjs/common';
import { WorkflowReferences } from '@app/workflows';
import { AgentRepository } from '../ports/agent.repository.js';

/** Tells the workflows library, before it deletes a workflow, which agents offer it as a tool. */
@Injectable()
export class AgentWorkflowReferences implements OnModuleInit {
  constructor(
    private readonly references: WorkflowReferences,
    private readonly agents: AgentRepository,
  ) {}

  onModuleInit(): void {
    this.references.register(async (accountId, workflowId) => {
      const agents = await this.agents.findUsingWorkflow(accountId, workflowId);
      return agents.map((agent) => ({ kind: 'agent', id: agent.id, name: agent.name }));
    });
  }
}
