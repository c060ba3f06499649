export { WorkflowsModule } from './workflows.module.js';
export { WORKFLOWS_MIGRATIONS } from './migrations.js';
export {
  ListWorkflowSummariesQuery,
  type WorkflowSummary,
} from './application/queries/list-workflow-summaries/list-workflow-summaries.query.js';
export { ExecuteWorkflowCommand } from './application/commands/execute-workflow/execute-workflow.command.js';
export {
  FindWorkflowReferencesQuery,
  type WorkflowReference,
} from './application/queries/find-workflow-references/find-workflow-references.query.js';
