import { AppError } from '@app/shared';
import { SummaryErrorCodes } from '../domain/summary-errors.js';

export function templateNotFound(id: string): AppError {
  return AppError.notFound(
    SummaryErrorCodes.TEMPLATE_NOT_FOUND,
    `Summary template ${id} not found`,
  );
}
