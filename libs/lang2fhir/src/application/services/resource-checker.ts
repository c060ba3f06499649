import { Injectable } from '@nestjs/common';
import type { Resource } from '@app/fhir';
import type { ResourceKind } from '../../domain/resource-kinds.js';
import { usCoreIssues, type ValidationIssue } from '../../domain/us-core-rules.js';
import { invalidResource } from '../lang2fhir-errors.js';
import { ResourceValidator } from '../ports/resource-validator.js';

/** R4 validation plus the profile's requirements; a resource that fails either is a 422. */
@Injectable()
export class ResourceChecker {
  constructor(private readonly validator: ResourceValidator) {}

  issues(kind: ResourceKind | null, resource: Resource): ValidationIssue[] {
    return [...this.validator.validate(resource), ...(kind ? usCoreIssues(kind, resource) : [])];
  }

  assertValid(kind: ResourceKind | null, resource: Resource): void {
    const issues = this.issues(kind, resource);
    if (issues.length > 0) throw invalidResource(resource.resourceType, issues);
  }
}
