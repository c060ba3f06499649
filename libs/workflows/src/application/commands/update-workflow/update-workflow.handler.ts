import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { isDeepStrictEqual } from 'node:util';
import type { Workflow } from '../../../domain/workflow.js';
import { WorkflowRepository } from '../../ports/workflow.repository.js';
import { WorkflowGenerator, type WorkflowRequest } from '../../services/workflow-generator.js';
import { workflowNotFound } from '../../workflow-not-found.js';
import type { SavedWorkflow } from '../create-workflow/create-workflow.command.js';
import { UpdateWorkflowCommand } from './update-workflow.command.js';

@CommandHandler(UpdateWorkflowCommand)
export class UpdateWorkflowHandler implements ICommandHandler<UpdateWorkflowCommand> {
  constructor(
    private readonly workflows: WorkflowRepository,
    private readonly generator: WorkflowGenerator,
  ) {}

  async execute({ accountId, workflowId, request }: UpdateWorkflowCommand): Promise<SavedWorkflow> {
    const current = await this.workflows.find(accountId, workflowId);
    if (!current) throw workflowNotFound(workflowId);
    if (onlyRenamed(current, request)) {
      const renamed = await this.workflows.replace(accountId, workflowId, {
        name: request.name,
        instructions: current.instructions,
        sampleData: current.sampleData,
        config: current.config,
        graph: current.graph,
      });
      if (!renamed) throw workflowNotFound(workflowId);
      return { workflow: renamed, warnings: [] };
    }
    const { content, warnings } = await this.generator.generate(accountId, request, workflowId);
    const replaced = await this.workflows.replace(accountId, workflowId, content);
    if (!replaced) throw workflowNotFound(workflowId);
    return { workflow: replaced, warnings };
  }
}

/**
 * Nothing the graph is made from changed. Providers given by name count as a change,
 * since what a name points at may have changed.
 */
function onlyRenamed(current: Workflow, request: WorkflowRequest): boolean {
  return (
    current.instructions === request.instructions &&
    isDeepStrictEqual(current.sampleData, request.sampleData) &&
    current.config.dynamicGeneration === request.dynamicGeneration &&
    isDeepStrictEqual(current.config.fhirProviderIds, request.providers)
  );
}
