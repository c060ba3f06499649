import type { SourceFile } from '../source-tree.js';

/** One breach of a rule, written as one line of the known-violations file. */
export interface Violation {
  rule: string;
  path: string;
  detail: string;
}

export interface ArchitectureRule {
  id: string;
  /** The rule as docs/architecture.md states it. */
  description: string;
  check(files: readonly SourceFile[]): Violation[];
}

export const violationLine = (violation: Violation): string =>
  `${violation.rule} ${violation.path} ${violation.detail}`;
