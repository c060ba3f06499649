import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError } from '@app/shared';
import { calledWorkflowIds } from '../../../domain/workflow.js';
import { WorkflowErrorCodes } from '../../../domain/workflow-errors.js';
import { WorkflowRepository } from '../../ports/workflow.repository.js';
import { WorkflowReferences, type WorkflowReference } from '../../services/workflow-references.js';
import { workflowNotFound } from '../../workflow-not-found.js';
import { DeleteWorkflowCommand } from './delete-workflow.command.js';

@CommandHandler(DeleteWorkflowCommand)
export class DeleteWorkflowHandler implements ICommandHandler<DeleteWorkflowCommand> {
  constructor(
    private readonly workflows: WorkflowRepository,
    private readonly references: WorkflowReferences,
  ) {}

  async execute({ accountId, workflowId }: DeleteWorkflowCommand): Promise<void> {
    const workflow = await this.workflows.find(accountId, workflowId);
    if (!workflow) throw workflowNotFound(workflowId);
    const callers: WorkflowReference[] = (await this.workflows.list(accountId))
      .filter(
        (other) => other.id !== workflowId && calledWorkflowIds(other.graph).includes(workflowId),
      )
      .map((other) => ({ kind: 'workflow', id: other.id, name: other.name }));
    const outside = await this.references.find(accountId, workflowId);
    const references = [...callers, ...outside];
    if (references.length > 0) {
      throw AppError.conflict(
        WorkflowErrorCodes.REFERENCED,
        `Workflow "${workflow.name}" is still used by ${references.map((reference) => `${reference.kind} "${reference.name}" (${reference.id})`).join(', ')}`,
        { references },
      );
    }
    if (!(await this.workflows.delete(accountId, workflowId))) throw workflowNotFound(workflowId);
  }
}
