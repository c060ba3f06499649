import type { Workflow, WorkflowConfig, WorkflowGraph } from '../../domain/workflow.js';

export interface WorkflowContent {
  name: string;
  instructions: string;
  sampleData: Record<string, unknown>;
  config: WorkflowConfig;
  graph: WorkflowGraph;
}

/** Workflows, always within one account: another account's id is as good as unknown. */
export abstract class WorkflowRepository {
  abstract create(accountId: string, id: string, content: WorkflowContent): Promise<Workflow>;
  /** Oldest first; only `ids` when given. */
  abstract list(accountId: string, ids?: readonly string[]): Promise<Workflow[]>;
  abstract find(accountId: string, id: string): Promise<Workflow | null>;
  abstract replace(
    accountId: string,
    id: string,
    content: WorkflowContent,
  ): Promise<Workflow | null>;
  abstract delete(accountId: string, id: string): Promise<boolean>;
}
