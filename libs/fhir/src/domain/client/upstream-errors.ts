import { DomainError, type DomainErrorKind } from '@app/shared';

export interface UpstreamIssue {
  severity?: string;
  code?: string;
  text?: string;
  expression?: string[];
}

/** What a FHIR server refused about the request itself: passed on as the same kind of failure. */
const PASSED_ON = new Map<number, [DomainErrorKind, string]>([
  [400, ['invalid', 'FHIR.BAD_REQUEST']],
  [404, ['not-found', 'FHIR.NOT_FOUND']],
  [409, ['conflict', 'FHIR.CONFLICT']],
  [410, ['gone', 'FHIR.GONE']],
  [412, ['precondition-failed', 'FHIR.PRECONDITION_FAILED']],
  [422, ['unprocessable', 'FHIR.UNPROCESSABLE']],
]);

/**
 * A FHIR server's error in our words: the same kind of failure for what the server refused
 * about the request, `upstream-failed` when the server failed or refused our credentials,
 * `rate-limited` when it keeps refusing for load. The server's OperationOutcome issues
 * travel in `details` (severity, code, text, expression only).
 */
export function upstreamError(
  status: number,
  body: unknown,
  serverLabel: string,
  retryAfter?: string,
): DomainError {
  const issues = outcomeIssues(body);
  const reason = issues.find((issue) => issue.text)?.text;
  const message = `${serverLabel} answered ${status}${reason ? `: ${reason}` : ''}`;
  const details = { upstream_status: status, issues };
  const passedOn = PASSED_ON.get(status);
  if (passedOn) return new DomainError(passedOn[0], passedOn[1], message, details);
  if (status === 401) {
    return new DomainError(
      'upstream-failed',
      'FHIR.UPSTREAM_UNAUTHORIZED',
      `${message} (the credentials were refused)`,
      details,
    );
  }
  if (status === 403)
    return new DomainError('upstream-failed', 'FHIR.UPSTREAM_FORBIDDEN', message, details);
  if (status === 429) {
    return new DomainError(
      'rate-limited',
      'FHIR.UPSTREAM_RATE_LIMITED',
      `${message}; retry later`,
      details,
      retryAfter || undefined,
    );
  }
  if (status >= 500)
    return new DomainError('upstream-failed', 'FHIR.UPSTREAM_ERROR', message, details);
  return new DomainError('upstream-failed', 'FHIR.UPSTREAM_REJECTED', message, details);
}

export function invalidUpstreamResponse(serverLabel: string, problem: string): DomainError {
  return new DomainError(
    'upstream-failed',
    'FHIR.UPSTREAM_INVALID_RESPONSE',
    `${serverLabel} sent an unusable answer: ${problem}`,
  );
}

export function outcomeIssues(body: unknown): UpstreamIssue[] {
  if (typeof body !== 'object' || body === null) return [];
  const outcome = body as { resourceType?: unknown; issue?: unknown };
  if (outcome.resourceType !== 'OperationOutcome' || !Array.isArray(outcome.issue)) return [];
  return outcome.issue.slice(0, 50).map((raw: unknown) => {
    const issue = (raw ?? {}) as {
      severity?: unknown;
      code?: unknown;
      diagnostics?: unknown;
      details?: { text?: unknown };
      expression?: unknown;
    };
    const text = typeof issue.details?.text === 'string' ? issue.details.text : issue.diagnostics;
    return {
      severity: typeof issue.severity === 'string' ? issue.severity : undefined,
      code: typeof issue.code === 'string' ? issue.code : undefined,
      text: typeof text === 'string' ? text.slice(0, 1000) : undefined,
      expression: Array.isArray(issue.expression)
        ? issue.expression.filter((item): item is string => typeof item === 'string').slice(0, 10)
        : undefined,
    };
  });
}
