import { WorkflowError, WorkflowErrorCodes } from '../workflow-errors.js';

/** What one execution may do, sub-workflows included. */
export interface RunLimits {
  maxSteps: number;
  maxSubWorkflowCalls: number;
}

/** Why a run's signal was aborted: the caller went away, or the deadline passed. */
export type StopReason = 'client-disconnected' | 'deadline';

/**
 * The work budget of one execution, shared by the top workflow and every sub-workflow it
 * calls: steps and sub-workflow calls are counted before they run, and an aborted signal
 * stops the run at the next step.
 */
export class RunBudget {
  private steps = 0;
  private subWorkflowCalls = 0;

  constructor(
    private readonly limits: RunLimits,
    private readonly signal?: AbortSignal,
  ) {}

  takeStep(): void {
    this.throwIfStopped();
    this.steps += 1;
    if (this.steps > this.limits.maxSteps) {
      throw new WorkflowError(
        'unprocessable',
        WorkflowErrorCodes.BUDGET_EXCEEDED,
        `The execution ran more than ${this.limits.maxSteps} steps, sub-workflows included (WORKFLOW_MAX_STEPS)`,
        { limit: 'steps', value: this.limits.maxSteps },
      );
    }
  }

  takeSubWorkflowCall(): void {
    this.subWorkflowCalls += 1;
    if (this.subWorkflowCalls > this.limits.maxSubWorkflowCalls) {
      throw new WorkflowError(
        'unprocessable',
        WorkflowErrorCodes.BUDGET_EXCEEDED,
        `The execution called sub-workflows more than ${this.limits.maxSubWorkflowCalls} times (WORKFLOW_MAX_SUB_WORKFLOW_CALLS)`,
        { limit: 'sub_workflow_calls', value: this.limits.maxSubWorkflowCalls },
      );
    }
  }

  private throwIfStopped(): void {
    if (!this.signal?.aborted) return;
    const reason = this.signal.reason as unknown;
    if (reason instanceof Error) throw reason;
    throw reason === 'deadline'
      ? new WorkflowError(
          'timed-out',
          WorkflowErrorCodes.DEADLINE_EXCEEDED,
          'The execution did not finish before its deadline (WORKFLOW_DEADLINE_MS); the steps after this one did not run',
        )
      : new WorkflowError(
          'abandoned',
          WorkflowErrorCodes.CANCELLED,
          'The client closed the request; the steps after this one did not run',
        );
  }
}
