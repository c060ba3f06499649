import { type ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import type { ValidationError } from 'class-validator';
import { AppError } from '../errors/app-error.js';
import { CommonErrorCodes } from '../errors/error-codes.js';
import { rawJsonFields, topLevelStandIn } from './raw-json.js';

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

/** The global pipe, with properties marked @RawJson() validated at their top level only. */
class RawJsonAwareValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const fields = rawJsonFields(metadata.metatype);
    if (
      fields.length === 0 ||
      value === null ||
      typeof value !== 'object' ||
      Array.isArray(value)
    ) {
      return super.transform(value, metadata);
    }
    const body = { ...(value as Record<string | symbol, unknown>) };
    const raw = new Map<string | symbol, unknown>();
    for (const field of fields) {
      if (!(field in body)) continue;
      raw.set(field, body[field]);
      body[field] = topLevelStandIn(body[field]);
    }
    const validated = (await super.transform(body, metadata)) as Record<string | symbol, unknown>;
    for (const [field, original] of raw) validated[field] = original;
    return validated;
  }
}

export function createValidationPipe(): ValidationPipe {
  return new RawJsonAwareValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    exceptionFactory: (errors) => validationFailed(flattenValidationErrors(errors)),
  });
}
