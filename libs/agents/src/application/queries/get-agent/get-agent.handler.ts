import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Agent } from '../../../domain/agent.js';
import { agentNotFound } from '../../errors.js';
import { AgentRepository } from '../../ports/agent.repository.js';
import { GetAgentQuery } from './get-agent.query.js';

@QueryHandler(GetAgentQuery)
export class GetAgentHandler implements IQueryHandler<GetAgentQuery> {
  constructor(private readonly agents: AgentRepository) {}

  async execute({ accountId, id }: GetAgentQuery): Promise<Agent> {
    const agent = await this.agents.find(accountId, id);
    if (!agent) throw agentNotFound(id);
    return agent;
  }
}
