import { ValidationPipe } from '@nestjs/common';
import type { ValidationError } from 'class-validator';
import { AppError } from '../errors/app-error.js';
import { CommonErrorCodes } from '../errors/error-codes.js';

export interface FieldViolation {
  field: string;
  problems: string[];
}

/** Flattens nested class-validator errors into `{ field: "a.b[0].c", problems }` entries. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldViolation[] {
  const violations: FieldViolation[] = [];
  for (const error of errors) {
    const field =
      parent === ''
        ? error.property
        : /^\d+$/.test(error.property)
          ? `${parent}[${error.property}]`
          : `${parent}.${error.property}`;
    if (error.constraints) violations.push({ field, problems: Object.values(error.constraints) });
    if (error.children?.length) violations.push(...flattenValidationErrors(error.children, field));
  }
  return violations;
}

export function validationFailed(violations: FieldViolation[]): AppError {
  const fields = violations.map((violation) => violation.field).join(', ');
  return AppError.badRequest(
    CommonErrorCodes.VALIDATION_FAILED,
    `Invalid request: ${fields}`,
    violations,
  );
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    exceptionFactory: (errors) => validationFailed(flattenValidationErrors(errors)),
  });
}
