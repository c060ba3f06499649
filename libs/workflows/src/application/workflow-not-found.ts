import { AppError } from '@app/shared';
import { WorkflowErrorCodes } from '../domain/workflow-errors.js';

export function workflowNotFound(id: string): AppError {
  return AppError.notFound(WorkflowErrorCodes.NOT_FOUND, `Workflow ${id} not found`);
}
