import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ExecuteWorkflowCommand } from '../commands/execute-workflow/execute-workflow.command.js';
import { WorkflowRunner } from '../ports/workflow-runner.js';

@Injectable()
export class CommandBusWorkflowRunner extends WorkflowRunner {
  constructor(private readonly commands: CommandBus) {
    super();
  }

  run(
    accountId: string,
    workflowId: string,
    inputData: Record<string, unknown>,
    preview: boolean,
  ): Promise<Record<string, unknown>> {
    return this.commands.execute(
      new ExecuteWorkflowCommand(accountId, workflowId, inputData, preview),
    );
  }
}
