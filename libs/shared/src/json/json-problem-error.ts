import { AppError } from '../errors/app-error.js';
import { CommonErrorCodes } from '../errors/error-codes.js';
import { describeJsonProblem, findJsonProblem, type JsonProblem } from './json-safety.js';

const CODES: Record<JsonProblem['kind'], string> = {
  'too-deep': CommonErrorCodes.BODY_TOO_DEEP,
  'unstorable-character': CommonErrorCodes.UNSTORABLE_CHARACTER,
  'forbidden-key': CommonErrorCodes.FORBIDDEN_KEY,
};

/** The 400 for a value that breaks the JSON input policy, naming the field. */
export function jsonProblemError(problem: JsonProblem, subject?: string): AppError {
  return AppError.badRequest(CODES[problem.kind], describeJsonProblem(problem, subject), [
    { field: problem.path, problems: [describeJsonProblem(problem, subject)] },
  ]);
}

/** Throws the 400 when `value` breaks the policy. */
export function assertSafeJson(value: unknown, maxDepth: number, subject?: string): void {
  const problem = findJsonProblem(value, maxDepth);
  if (problem) throw jsonProblemError(problem, subject);
}
