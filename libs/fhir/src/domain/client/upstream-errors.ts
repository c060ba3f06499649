import { AppError } from '@app/shared';

export interface UpstreamIssue {
  severity?: string;
  code?: string;
  text?: string;
  expression?: string[];
}

/** Statuses a FHIR server answers that are about the request itself: passed on as they are. */
const PASSED_ON = new Map<number, string>([
  [400, 'FHIR.BAD_REQUEST'],
  [404, 'FHIR.NOT_FOUND'],
  [409, 'FHIR.CONFLICT'],
  [410, 'FHIR.GONE'],
  [412, 'FHIR.PRECONDITION_FAILED'],
  [422, 'FHIR.UNPROCESSABLE'],
]);

/**
 * Our API's answer for a FHIR server's error: its own 4xx for what the server refused
 * about the request, 502 when the server failed or refused our credentials. The server's
 * OperationOutcome issues travel in `details` (severity, code, text, expression only).
 */
export function upstreamError(
  status: number,
  body: unknown,
  serverLabel: string,
  retryAfter?: string,
): AppError {
  const issues = outcomeIssues(body);
  const reason = issues.find((issue) => issue.text)?.text;
  const message = `${serverLabel} answered ${status}${reason ? `: ${reason}` : ''}`;
  const details = { upstream_status: status, issues };
  const passedOn = PASSED_ON.get(status);
  if (passedOn) return new AppError(status, passedOn, message, details);
  if (status === 401) {
    return new AppError(
      502,
      'FHIR.UPSTREAM_UNAUTHORIZED',
      `${message} (the credentials were refused)`,
      details,
    );
  }
  if (status === 403) return new AppError(502, 'FHIR.UPSTREAM_FORBIDDEN', message, details);
  if (status === 429) {
    return new AppError(
      429,
      'FHIR.UPSTREAM_RATE_LIMITED',
      `${message}; retry later`,
      details,
      retryAfter ? { 'Retry-After': retryAfter } : {},
    );
  }
  if (status >= 500) return new AppError(502, 'FHIR.UPSTREAM_ERROR', message, details);
  return new AppError(502, 'FHIR.UPSTREAM_REJECTED', message, details);
}

export function invalidUpstreamResponse(serverLabel: string, problem: string): AppError {
  return new AppError(
    502,
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
