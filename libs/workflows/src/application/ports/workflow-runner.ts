/**
 * Runs one of the account's workflows for another library (the agents' tools), as
 * POST /workflows/{id}/execute does: the result is its body without success/message.
 * `preview` builds every resource without writing it.
 */
export abstract class WorkflowRunner {
  abstract run(
    accountId: string,
    workflowId: string,
    inputData: Record<string, unknown>,
    preview: boolean,
  ): Promise<Record<string, unknown>>;
}
