import { Query } from '@nestjs/cqrs';

export interface WorkflowSummary {
  id: string;
  name: string;
  workflowInstructions: string;
  /** Field names of the workflow's sample data: the inputs a caller must supply. */
  inputFields: string[];
}

/** The account's workflows, for other modules (agents, MCP tools). */
export class ListWorkflowSummariesQuery extends Query<WorkflowSummary[]> {
  constructor(
    readonly accountId: string,
    /** When given, only these ids (ids of other accounts or unknown ids are left out). */
    readonly ids?: readonly string[],
  ) {
    super();
  }
}
