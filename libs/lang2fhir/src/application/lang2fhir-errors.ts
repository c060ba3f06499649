import { AppError } from '@app/shared';
import { NEEDS } from '../domain/builders/index.js';
import { Lang2FhirErrorCodes } from '../domain/lang2fhir-errors.js';
import {
  REQUESTABLE_KINDS,
  isRequestedKind,
  type RequestedKind,
  type ResourceKind,
} from '../domain/resource-kinds.js';
import { MAX_TEXT_BYTES, checkText, isR4 } from '../domain/text-limits.js';
import type { ValidationIssue } from '../domain/us-core-rules.js';

export function requireKind(value: string): RequestedKind {
  if (!isRequestedKind(value))
    throw AppError.badRequest(
      Lang2FhirErrorCodes.UNKNOWN_RESOURCE,
      `Unknown resource "${value}"; use one of: ${REQUESTABLE_KINDS.join(', ')}`,
      { allowed: REQUESTABLE_KINDS },
    );
  return value;
}

/** Empty text is a 400; text over the limit a 413, both naming the problem. */
export function requireUsableText(text: string): void {
  const problem = checkText(text);
  if (problem?.kind === 'empty')
    throw AppError.badRequest(
      Lang2FhirErrorCodes.EMPTY_TEXT,
      'text is empty: give the clinical text to convert',
    );
  if (problem?.kind === 'too-large')
    throw new AppError(
      413,
      Lang2FhirErrorCodes.TEXT_TOO_LARGE,
      `text is ${problem.bytes} bytes; the limit is ${MAX_TEXT_BYTES} bytes (100 KiB): split the text and send the parts`,
      { bytes: problem.bytes, limit: MAX_TEXT_BYTES },
    );
}

export function requireR4(version: string | null | undefined): void {
  if (!isR4(version))
    throw AppError.badRequest(
      Lang2FhirErrorCodes.UNSUPPORTED_VERSION,
      `FHIR version "${version}" is not supported; only R4 (4.0.1) is produced`,
    );
}

export function nothingFound(kind: ResourceKind | 'auto'): AppError {
  return new AppError(
    422,
    Lang2FhirErrorCodes.NOTHING_FOUND,
    kind === 'auto'
      ? 'The text names nothing that a FHIR resource can be built from (no problem, medication, measurement, procedure, visit, person, insurance or form)'
      : `Nothing in the text can make a ${kind} resource: it needs ${NEEDS[kind]}`,
  );
}

export function invalidResource(resourceType: string, issues: ValidationIssue[]): AppError {
  const listed = issues.slice(0, 10).map((issue) => `${issue.path} ${issue.problem}`);
  return new AppError(
    422,
    Lang2FhirErrorCodes.INVALID_RESOURCE,
    `The ${resourceType} built from the text is not valid: ${listed.join('; ')}${
      issues.length > listed.length ? `; and ${issues.length - listed.length} more` : ''
    }`,
    { issues },
  );
}
