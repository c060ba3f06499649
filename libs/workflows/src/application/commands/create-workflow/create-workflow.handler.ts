import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { WorkflowRepository } from '../../ports/workflow.repository.js';
import { WorkflowGenerator } from '../../services/workflow-generator.js';
import { CreateWorkflowCommand, type SavedWorkflow } from './create-workflow.command.js';

@CommandHandler(CreateWorkflowCommand)
export class CreateWorkflowHandler implements ICommandHandler<CreateWorkflowCommand> {
  constructor(
    private readonly workflows: WorkflowRepository,
    private readonly generator: WorkflowGenerator,
  ) {}

  async execute({ accountId, request }: CreateWorkflowCommand): Promise<SavedWorkflow> {
    const id = randomUUID();
    const { content, warnings } = await this.generator.generate(accountId, request, id);
    return { workflow: await this.workflows.create(accountId, id, content), warnings };
  }
}
