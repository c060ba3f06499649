import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { agentNotFound } from '../../errors.js';
import { AgentRepository } from '../../ports/agent.repository.js';
import { DeleteAgentCommand } from './delete-agent.command.js';

@CommandHandler(DeleteAgentCommand)
export class DeleteAgentHandler implements ICommandHandler<DeleteAgentCommand> {
  constructor(private readonly agents: AgentRepository) {}

  async execute({ accountId, id }: DeleteAgentCommand): Promise<void> {
    if (!(await this.agents.delete(accountId, id))) throw agentNotFound(id);
  }
}
