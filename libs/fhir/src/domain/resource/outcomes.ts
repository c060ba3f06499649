import { conflict, notFound } from '@medplum/core';
import type { OperationOutcome } from '../fhir-types.js';

/** OperationOutcomes the sandbox answers beyond medplum's stock ones. */
export function notFoundOutcome(text: string): OperationOutcome {
  return { ...notFound, issue: [{ severity: 'error', code: 'not-found', details: { text } }] };
}

/** Never carries the cause: the log has it, the caller gets a generic text. */
export const internalErrorOutcome: OperationOutcome = {
  resourceType: 'OperationOutcome',
  issue: [{ severity: 'error', code: 'exception', details: { text: 'Internal server error' } }],
};

export function concurrentChangeOutcome(): OperationOutcome {
  return conflict('The resource was changed concurrently; retry the request');
}

export function unsupportedOutcome(text: string): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code: 'not-supported', details: { text } }],
  };
}
