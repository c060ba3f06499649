import type { WorkflowContent } from '../../application/ports/workflow.repository.js';
import type { Workflow, WorkflowConfig, WorkflowGraph } from '../../domain/workflow.js';
import type { WorkflowEntity } from './workflow.entity.js';

export function toWorkflow(entity: WorkflowEntity): Workflow {
  return {
    id: entity.id,
    accountId: entity.accountId,
    name: entity.name,
    instructions: entity.instructions,
    sampleData: entity.sampleData,
    config: entity.config as unknown as WorkflowConfig,
    graph: entity.graph as unknown as WorkflowGraph,
    createdAt: entity.createdAt,
    updatedAt: entity.updatedAt,
  };
}

export function toColumns(
  content: WorkflowContent,
): Omit<WorkflowEntity, 'id' | 'accountId' | 'createdAt' | 'updatedAt'> {
  return {
    name: content.name,
    instructions: content.instructions,
    sampleData: content.sampleData,
    config: content.config as unknown as Record<string, unknown>,
    graph: content.graph as unknown as Record<string, unknown>,
  };
}
