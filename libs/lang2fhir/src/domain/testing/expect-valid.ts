import { OperationOutcomeError, validateResource } from '@medplum/core';
import { loadFhirDefinitions } from '@app/fhir';
import type { Resource } from '../fhir.js';
import type { ResourceKind } from '../resource-kinds.js';
import { usCoreIssues } from '../us-core-rules.js';

/** Every problem R4 validation and the profile rules find (empty when the resource is valid). */
export function problemsOf(kind: ResourceKind | null, resource: Resource): string[] {
  loadFhirDefinitions();
  const problems: string[] = [];
  try {
    validateResource(resource);
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    for (const issue of error.outcome.issue ?? [])
      if (issue.severity === 'error' || issue.severity === 'fatal')
        problems.push(`${issue.expression?.[0] ?? ''} ${issue.details?.text ?? issue.diagnostics}`);
  }
  if (kind)
    problems.push(...usCoreIssues(kind, resource).map((issue) => `${issue.path} ${issue.problem}`));
  return problems;
}
