import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppConfig, AppError, CommonErrorCodes, summarizeFailure } from '@app/shared';
import { executeWorkflow } from '../../../domain/execution/execute-workflow.js';
import { RunBudget } from '../../../domain/execution/run-budget.js';
import type { RunFailure, RunReport } from '../../../domain/execution/run-types.js';
import { WorkflowErrorCodes } from '../../../domain/workflow-errors.js';
import { ExecutionRuntimeFactory } from '../../ports/execution-runtime-factory.js';
import { WorkflowRepository } from '../../ports/workflow.repository.js';
import { workflowNotFound } from '../../workflow-not-found.js';
import { ExecuteWorkflowCommand } from './execute-workflow.command.js';

/** Errors of the run's budget and signal: answered with their own status and code. */
const BUDGET_CODES = new Set<string>([
  WorkflowErrorCodes.BUDGET_EXCEEDED,
  WorkflowErrorCodes.DEADLINE_EXCEEDED,
  WorkflowErrorCodes.CANCELLED,
]);

/** What a step's report says of a failure that is nobody's input (the cause goes to the log). */
const STEP_INTERNAL_ERROR = 'The step failed on an internal error';

/** How deep sub-workflows may call sub-workflows. */
export const MAX_SUB_WORKFLOW_DEPTH = 5;

function isRequestDeadline(reason: unknown): boolean {
  return reason instanceof AppError && reason.code === CommonErrorCodes.DEADLINE_EXCEEDED;
}

@CommandHandler(ExecuteWorkflowCommand)
export class ExecuteWorkflowHandler implements ICommandHandler<ExecuteWorkflowCommand> {
  private readonly logger = new Logger(ExecuteWorkflowHandler.name);

  constructor(
    private readonly workflows: WorkflowRepository,
    private readonly runtimes: ExecutionRuntimeFactory,
    private readonly config: AppConfig,
  ) {}

  async execute(command: ExecuteWorkflowCommand): Promise<Record<string, unknown>> {
    const workflow = await this.workflows.find(command.accountId, command.workflowId);
    if (!workflow) throw workflowNotFound(command.workflowId);
    const runtime = this.runtimes.create(command.accountId, command.fhirAccess);
    const deadline = AbortSignal.timeout(this.config.workflowDeadlineMs);
    const stopped = new AbortController();
    const stop = (reason: string) => () => stopped.abort(reason);
    deadline.addEventListener('abort', stop('deadline'), { once: true });
    // The request's own deadline (REQUEST_DEADLINE_MS) stops the run with its 504 as is.
    const fromRequest = () =>
      stopped.abort(
        isRequestDeadline(command.signal?.reason) ? command.signal?.reason : 'client-disconnected',
      );
    command.signal?.addEventListener('abort', fromRequest, { once: true });
    if (command.signal?.aborted) fromRequest();
    const budget = new RunBudget(
      {
        maxSteps: this.config.workflowMaxSteps,
        maxSubWorkflowCalls: this.config.workflowMaxSubWorkflowCalls,
      },
      stopped.signal,
    );
    const report = await executeWorkflow(workflow, command.inputData, runtime, {
      preview: command.preview,
      maxDepth: MAX_SUB_WORKFLOW_DEPTH,
      budget,
      describeFailure: (error) => summarizeFailure(error, STEP_INTERNAL_ERROR),
    });
    if (report.failure) throw this.failed(report, report.failure);
    return {
      workflow_id: workflow.id,
      status: report.status,
      preview: command.preview,
      results: { steps: report.steps },
      created: report.created,
      outputs: report.outputs,
    };
  }

  /**
   * A stopped run answers with the failing step's error: 400 for missing input, 502 when a
   * FHIR server failed or could not be reached, 429 when it kept rate-limiting, 422 for a
   * step the server refused or that could not be completed. The details carry every step's
   * report and what was created before the stop.
   */
  private failed(report: RunReport, failure: RunFailure): AppError {
    const { error } = failure;
    if (error.code === 'INTERNAL_ERROR') {
      const cause = failure.cause instanceof Error ? failure.cause : undefined;
      this.logger.error(
        `Workflow ${report.workflow_id} step ${failure.step_path.join(' → ')} failed: ${cause?.message ?? String(failure.cause)}`,
        cause?.stack,
      );
    }
    if (BUDGET_CODES.has(error.code)) {
      return new AppError(error.status, error.code, error.message, {
        failed_step: failure.step_path.join(' → '),
        results: { steps: report.steps },
        created: report.created,
      });
    }
    const status =
      error.code === WorkflowErrorCodes.MISSING_INPUT
        ? 400
        : error.status === 429
          ? 429
          : error.code === 'INTERNAL_ERROR'
            ? 500
            : error.status >= 500
              ? 502
              : 422;
    const code =
      error.code === WorkflowErrorCodes.MISSING_INPUT ? error.code : WorkflowErrorCodes.STEP_FAILED;
    const created = report.created.length;
    return new AppError(
      status,
      code,
      `Step ${failure.step_path.join(' → ')} failed: ${error.message}${created > 0 ? ` (${created} resource${created === 1 ? ' was' : 's were'} created before it; see error.details.created)` : ''}`,
      {
        failed_step: failure.step_path.join(' → '),
        error,
        results: { steps: report.steps },
        created: report.created,
      },
    );
  }
}
