export { WorkflowsModule } from './workflows.module.js';
export {
  ListWorkflowSummariesQuery,
  type WorkflowSummary,
} from './application/queries/list-workflow-summaries/list-workflow-summaries.query.js';
export { ExecuteWorkflowCommand } from './application/commands/execute-workflow/execute-workflow.command.js';
export { WorkflowDirectory } from './application/ports/workflow-directory.js';
export { WorkflowRunner } from './application/ports/workflow-runner.js';
export {
  WorkflowReferences,
  type WorkflowReference,
} from './application/services/workflow-references.js';
