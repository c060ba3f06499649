import { expectedFailure } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { outcomeIssues, upstreamError as domainError } from './upstream-errors.js';

/** The error as the API answers it (status from the one table, headers). */
const upstreamError = (...args: Parameters<typeof domainError>) =>
  expectedFailure(domainError(...args))!;

const outcome = {
  resourceType: 'OperationOutcome',
  issue: [
    {
      severity: 'error',
      code: 'invalid',
      details: { text: 'Invalid birthDate' },
      expression: ['Patient.birthDate'],
    },
    {
      severity: 'warning',
      code: 'informational',
      diagnostics: 'stack at /srv/x.java:12',
      extra: 'dropped',
    },
  ],
};

describe('upstream errors', () => {
  it('pass on what the server refused about the request, with its issues', () => {
    const error = upstreamError(422, outcome, 'The FHIR server at ehr.example.org');
    expect(error.status).toBe(422);
    expect(error.code).toBe('FHIR.UNPROCESSABLE');
    expect(error.message).toBe(
      'The FHIR server at ehr.example.org answered 422: Invalid birthDate',
    );
    expect(error.details).toEqual({
      upstream_status: 422,
      issues: [
        {
          severity: 'error',
          code: 'invalid',
          text: 'Invalid birthDate',
          expression: ['Patient.birthDate'],
        },
        {
          severity: 'warning',
          code: 'informational',
          text: 'stack at /srv/x.java:12',
          expression: undefined,
        },
      ],
    });
    expect(upstreamError(404, undefined, 'S').code).toBe('FHIR.NOT_FOUND');
  });

  it('answer 502 for the server failing or refusing our credentials, 429 with Retry-After', () => {
    expect(upstreamError(500, outcome, 'S')).toMatchObject({
      status: 502,
      code: 'FHIR.UPSTREAM_ERROR',
    });
    expect(upstreamError(401, undefined, 'S')).toMatchObject({
      status: 502,
      code: 'FHIR.UPSTREAM_UNAUTHORIZED',
    });
    expect(upstreamError(403, undefined, 'S')).toMatchObject({
      status: 502,
      code: 'FHIR.UPSTREAM_FORBIDDEN',
    });
    expect(upstreamError(405, undefined, 'S')).toMatchObject({
      status: 502,
      code: 'FHIR.UPSTREAM_REJECTED',
    });
    const limited = upstreamError(429, undefined, 'S', '30');
    expect(limited.status).toBe(429);
    expect(limited.headers).toEqual({ 'Retry-After': '30' });
  });

  it('read only OperationOutcomes', () => {
    expect(outcomeIssues({ resourceType: 'Patient' })).toEqual([]);
    expect(outcomeIssues('<html>')).toEqual([]);
    expect(outcomeIssues({ resourceType: 'OperationOutcome', issue: 'x' })).toEqual([]);
  });
});
