import type { ExpressionNode } from './ast.js';
import { evaluate, toDecision, type Decision, type EvaluationScope } from './evaluator.js';
import { parseExpression } from './parser.js';

export { parseExpression } from './parser.js';
export { evaluate, toDecision, type Decision, type EvaluationScope } from './evaluator.js';
export type { ExpressionNode, PathNode } from './ast.js';

/** Parses and evaluates a decision: true, false, or null when it cannot be decided. */
export function decide(expression: string, scope: EvaluationScope): Decision {
  return toDecision(evaluate(parseExpression(expression), scope));
}

/** Every `{{placeholder}}` and path an expression reads, for checking and for dependencies. */
export function referencesOf(node: ExpressionNode): {
  placeholders: string[];
  paths: (string | number)[][];
} {
  const placeholders: string[] = [];
  const paths: (string | number)[][] = [];
  const walk = (current: ExpressionNode): void => {
    switch (current.kind) {
      case 'placeholder':
        placeholders.push(current.name);
        break;
      case 'path':
        paths.push(current.segments);
        break;
      case 'not':
      case 'exists':
        walk(current.operand);
        break;
      case 'and':
      case 'or':
      case 'compare':
        walk(current.left);
        walk(current.right);
        break;
      case 'coalesce':
        current.options.forEach(walk);
        break;
      case 'literal':
        break;
    }
  };
  walk(node);
  return { placeholders, paths };
}
