import { Injectable } from '@nestjs/common';
import { OperationOutcomeError, validateResource } from '@medplum/core';
import { loadFhirDefinitions, type Resource } from '@app/fhir';
import { ResourceValidator } from '../../application/ports/resource-validator.js';
import type { ValidationIssue } from '../../domain/us-core-rules.js';

/** Medplum's validator against the R4 StructureDefinitions (types, cardinalities, invariants). */
@Injectable()
export class MedplumResourceValidator extends ResourceValidator {
  validate(resource: Resource): ValidationIssue[] {
    loadFhirDefinitions();
    try {
      validateResource(resource);
      return [];
    } catch (error) {
      if (!(error instanceof OperationOutcomeError)) throw error;
      return (error.outcome.issue ?? [])
        .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
        .map((issue) => ({
          path: issue.expression?.[0] ?? resource.resourceType,
          problem: issue.details?.text ?? issue.diagnostics ?? 'invalid',
        }));
    }
  }
}
