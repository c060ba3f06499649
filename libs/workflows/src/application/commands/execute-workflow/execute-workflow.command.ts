import { Command } from '@nestjs/cqrs';
import type { FhirAccessOptions } from '../../ports/execution-runtime-factory.js';

/**
 * POST /workflows/{id}/execute. The result is the response body without success/message
 * (`{ results: { steps: { … } } }`). Unknown or foreign workflow: AppError 404. A run that
 * stops at a failing step throws an AppError whose details hold every step's report and
 * the resources created before the stop.
 */
export class ExecuteWorkflowCommand extends Command<Record<string, unknown>> {
  constructor(
    readonly accountId: string,
    readonly workflowId: string,
    readonly inputData: Record<string, unknown>,
    readonly preview: boolean,
    /** Token passthrough and on-behalf-of values from the request's headers, when there is a request. */
    readonly fhirAccess: FhirAccessOptions = {},
    /** The request's signal: aborted when the caller goes away or the request deadline passes. */
    readonly signal?: AbortSignal,
  ) {
    super();
  }
}
