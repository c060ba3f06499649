import { isSpec, type SourceFile } from '../source-tree.js';
import type { ArchitectureRule, Violation } from './rule.js';

const CORE = /^libs\/[^/]+\/src\/(domain|infrastructure\/persistence)\//;

/** Names and shapes that tie code to HTTP: the core says what went wrong, the edge picks a status. */
const HTTP_MARKS: readonly [string, RegExp][] = [
  ['AppError', /\bAppError\b/],
  ['HttpException', /\b\w*HttpException\b/],
  ['HttpStatus', /\bHttpStatus\b/],
  ['http-status-literal', /\bstatus(?:Code)?\s*[:=]\s*[45]\d\d\b/],
];

export const noHttpInCore: ArchitectureRule = {
  id: 'no-http-in-core',
  description:
    'domain/ and infrastructure/persistence/ throw the domain errors of their library (a code and a kind), never AppError or anything carrying an HTTP status.',
  check(files: readonly SourceFile[]): Violation[] {
    const violations: Violation[] = [];
    for (const file of files) {
      if (!CORE.test(file.path) || isSpec(file.path)) continue;
      for (const [name, pattern] of HTTP_MARKS)
        if (pattern.test(file.text))
          violations.push({ rule: this.id, path: file.path, detail: name });
    }
    return violations;
  },
};
