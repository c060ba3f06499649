import type { Resource } from '@app/fhir';
import type { ValidationIssue } from '../../domain/us-core-rules.js';

/** FHIR R4 structural validation (types, cardinalities, invariants) of one resource. */
export abstract class ResourceValidator {
  abstract validate(resource: Resource): ValidationIssue[];
}
