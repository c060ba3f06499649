import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Agent } from '../../../domain/agent.js';
import { AgentRepository } from '../../ports/agent.repository.js';
import { ListAgentsQuery } from './list-agents.query.js';

@QueryHandler(ListAgentsQuery)
export class ListAgentsHandler implements IQueryHandler<ListAgentsQuery> {
  constructor(private readonly agents: AgentRepository) {}

  async execute({ accountId, tags }: ListAgentsQuery): Promise<Agent[]> {
    const agents = await this.agents.list(accountId);
    return agents.filter((agent) => tags.every((tag) => agent.tags.includes(tag)));
  }
}
