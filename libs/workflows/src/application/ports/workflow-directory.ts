import type { WorkflowSummary } from '../queries/list-workflow-summaries/list-workflow-summaries.query.js';

/** The account's workflows as other libraries offer them (the agents' tools, the MCP endpoint). */
export abstract class WorkflowDirectory {
  /** With `ids`, only those (ids of other accounts or unknown ids are left out). */
  abstract list(accountId: string, ids?: readonly string[]): Promise<WorkflowSummary[]>;
}
