import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { Agent } from '../../../domain/agent.js';
import { AgentRepository } from '../../ports/agent.repository.js';
import { AgentReferenceCheck } from '../../services/agent-reference-check.js';
import { CreateAgentCommand } from './create-agent.command.js';

@CommandHandler(CreateAgentCommand)
export class CreateAgentHandler implements ICommandHandler<CreateAgentCommand> {
  constructor(
    private readonly agents: AgentRepository,
    private readonly references: AgentReferenceCheck,
  ) {}

  async execute({ accountId, draft }: CreateAgentCommand): Promise<Agent> {
    const content = await this.references.resolve(accountId, draft);
    return this.agents.create(accountId, randomUUID(), content);
  }
}
