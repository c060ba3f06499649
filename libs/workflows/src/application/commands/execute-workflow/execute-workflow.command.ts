import { Command } from '@nestjs/cqrs';

/**
 * POST /workflows/{id}/execute. The result is the response body without success/message
 * (`{ results: { steps: { … } } }`). Unknown or foreign workflow: AppError 404.
 */
export class ExecuteWorkflowCommand extends Command<Record<string, unknown>> {
  constructor(
    readonly accountId: string,
    readonly workflowId: string,
    readonly inputData: Record<string, unknown>,
    readonly preview: boolean,
  ) {
    super();
  }
}
