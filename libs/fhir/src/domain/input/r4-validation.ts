import { OperationOutcomeError, validateResource } from '@medplum/core';
import { loadFhirDefinitions } from '../fhir-definitions.js';
import type { OperationOutcome, Resource } from '../fhir-types.js';

/** One issue of Medplum's R4 validation (severity, details, expression). */
export type R4Issue = NonNullable<OperationOutcome['issue']>[number];

/**
 * R4 validation of one resource against the loaded StructureDefinitions: the issues of the
 * OperationOutcome Medplum's `validateResource` throws, or [] when it does not throw (the
 * resource has no error). Asynchronous so that it can be done off the event loop; a signal
 * that stops it rejects with the signal's reason.
 */
export type R4Validation = (
  resource: Record<string, unknown>,
  signal?: AbortSignal,
) => Promise<R4Issue[]>;

/** R4 validation here, in one piece: for resources small enough to be validated in a slice. */
export function r4IssuesInThread(resource: Record<string, unknown>): R4Issue[] {
  loadFhirDefinitions();
  try {
    validateResource(resource as unknown as Resource);
    return [];
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    return error.outcome.issue ?? [];
  }
}

/** `r4IssuesInThread` behind the asynchronous signature. */
export const validateInThread: R4Validation = (resource) =>
  Promise.resolve().then(() => r4IssuesInThread(resource));

/** Throws what Medplum's `validateResource` throws for these issues (nothing for []). */
export function throwIfInvalid(issues: R4Issue[]): void {
  if (issues.length > 0)
    throw new OperationOutcomeError({ resourceType: 'OperationOutcome', issue: issues });
}

/**
 * How many JSON values (objects, arrays, strings, numbers…) a resource holds, counted up to
 * `limit` (the count stops there): R4 validation costs about 15 µs a value, so this tells a
 * resource that validates in a few milliseconds from one that would hold the event loop.
 */
export function valuesUpTo(value: unknown, limit: number): number {
  let count = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0 && count < limit) {
    const next = pending.pop();
    count += 1;
    if (typeof next !== 'object' || next === null) continue;
    if (Array.isArray(next)) for (const item of next) pending.push(item);
    else for (const key of Object.keys(next)) pending.push((next as Record<string, unknown>)[key]);
  }
  return count;
}
