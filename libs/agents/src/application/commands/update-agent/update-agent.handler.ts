import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Agent } from '../../../domain/agent.js';
import { agentNotFound } from '../../errors.js';
import { AgentRepository } from '../../ports/agent.repository.js';
import { AgentReferenceCheck } from '../../services/agent-reference-check.js';
import { UpdateAgentCommand } from './update-agent.command.js';

@CommandHandler(UpdateAgentCommand)
export class UpdateAgentHandler implements ICommandHandler<UpdateAgentCommand> {
  constructor(
    private readonly agents: AgentRepository,
    private readonly references: AgentReferenceCheck,
  ) {}

  async execute({ accountId, id, draft }: UpdateAgentCommand): Promise<Agent> {
    // An unknown agent is a 404 even when the body also names unknown references.
    if (!(await this.agents.find(accountId, id))) throw agentNotFound(id);
    const content = await this.references.resolve(accountId, draft);
    const agent = await this.agents.replace(accountId, id, content);
    if (!agent) throw agentNotFound(id);
    return agent;
  }
}
