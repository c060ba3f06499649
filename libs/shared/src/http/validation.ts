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

// A longer @RawJson() array is validated through a stand-in of its first items: class-transformer
// copies every item of a stand-in (85,000 codes: most of a second), and no decorator on such a
// property needs more than its first items and its length, which the second check below sees.
const STAND_IN_ITEMS = 100;

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
    let shortened = false;
    for (const field of fields) {
      if (!(field in body)) continue;
      const original = body[field];
      raw.set(field, original);
      if (Array.isArray(original) && original.length > STAND_IN_ITEMS) {
        shortened = true;
        body[field] = topLevelStandIn(original.slice(0, STAND_IN_ITEMS));
      } else {
        body[field] = topLevelStandIn(original);
      }
    }
    const validated = (await super.transform(body, metadata)) as Record<string | symbol, unknown>;
    for (const [field, original] of raw) validated[field] = original;
    if (shortened) {
      // The decorators once more on the instance holding the real arrays (ArrayMaxSize sees
      // their length). Nothing nested is validated on a @RawJson() property, so this is cheap.
      const errors = await this.validate(validated, {
        ...this.validatorOptions,
        validationError: { target: false },
      });
      if (errors.length > 0) throw await this.exceptionFactory(errors);
    }
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
