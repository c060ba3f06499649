import type { ComparisonOperator, ExpressionNode } from './ast.js';

/** Where an expression's names get their values. */
export interface EvaluationScope {
  /** A path such as `input.glucose` or `step_1.result.found`; undefined when it has no value. */
  path(segments: readonly (string | number)[]): unknown;
  /** A `{{placeholder}}`; undefined when it has no value. */
  placeholder(name: string): unknown;
}

/** Three-valued logic: null is "unknown" (a value that is missing, or a comparison that makes no sense). */
export type Decision = boolean | null;

export function evaluate(node: ExpressionNode, scope: EvaluationScope): unknown {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'path':
      return scope.path(node.segments);
    case 'placeholder':
      return scope.placeholder(node.name);
    case 'exists':
      return isPresent(evaluate(node.operand, scope));
    case 'not': {
      const value = toDecision(evaluate(node.operand, scope));
      return value === null ? null : !value;
    }
    case 'and':
    case 'or':
      return combine(
        node.kind,
        toDecision(evaluate(node.left, scope)),
        toDecision(evaluate(node.right, scope)),
      );
    case 'coalesce':
      for (const option of node.options) {
        const value = evaluate(option, scope);
        if (value !== undefined && value !== null) return value;
      }
      return undefined;
    case 'compare': {
      const left = evaluate(node.left, scope);
      const right = evaluate(node.right, scope);
      if (
        (node.operator === '==' || node.operator === '!=') &&
        (isNullLiteral(node.left) || isNullLiteral(node.right))
      ) {
        // `x == null` tests whether x has a value.
        const missing = isMissing(left) && isMissing(right);
        return node.operator === '==' ? missing : !missing;
      }
      return compare(node.operator, left, right);
    }
  }
}

/** The decision an expression's value stands for: true, false, or unknown (null). */
export function toDecision(value: unknown): Decision {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const lower = value.trim().toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
    return lower !== '';
  }
  if (typeof value === 'number') return value !== 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function isNullLiteral(node: ExpressionNode): boolean {
  return node.kind === 'literal' && node.value === null;
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null;
}

function combine(kind: 'and' | 'or', left: Decision, right: Decision): Decision {
  const decisive = kind === 'and' ? false : true;
  if (left === decisive || right === decisive) return decisive;
  if (left === null || right === null) return null;
  return !decisive;
}

function isPresent(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  return !Array.isArray(value) || value.length > 0;
}

function compare(operator: ComparisonOperator, left: unknown, right: unknown): Decision {
  if (operator === 'contains') return contains(left, right);
  if (operator === '==' || operator === '!=') {
    const equal = equals(left, right);
    if (equal === null) return null;
    return operator === '==' ? equal : !equal;
  }
  const order = ordering(left, right);
  if (order === null) return null;
  switch (operator) {
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    case '<':
      return order < 0;
    default:
      return order <= 0;
  }
}

function equals(left: unknown, right: unknown): Decision {
  // A missing value equals nothing and differs from nothing: unknown.
  if (isMissing(left) || isMissing(right)) return null;
  const numbers = asNumbers(left, right);
  if (numbers) return numbers[0] === numbers[1];
  if (typeof left === 'string' && typeof right === 'string')
    return left.trim().toLowerCase() === right.trim().toLowerCase();
  if (typeof left === 'boolean' || typeof right === 'boolean')
    return toDecision(left) === toDecision(right);
  return JSON.stringify(left) === JSON.stringify(right);
}

function ordering(left: unknown, right: unknown): number | null {
  const numbers = asNumbers(left, right);
  if (numbers) return Math.sign(numbers[0] - numbers[1]);
  // Strings compare as written, which orders ISO dates and times correctly.
  if (typeof left === 'string' && typeof right === 'string')
    return left < right ? -1 : left > right ? 1 : 0;
  return null;
}

/** Both sides as numbers when one is a number and the other a number or numeric text. */
function asNumbers(left: unknown, right: unknown): [number, number] | null {
  if (typeof left !== 'number' && typeof right !== 'number') return null;
  const a = toNumber(left);
  const b = toNumber(right);
  return a === null || b === null ? null : [a, b];
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

function contains(left: unknown, right: unknown): Decision {
  if (left === undefined || left === null || right === undefined || right === null) return null;
  if (Array.isArray(left)) return left.some((item) => equals(item, right) === true);
  if (typeof left === 'string' && (typeof right === 'string' || typeof right === 'number'))
    return left.toLowerCase().includes(String(right).toLowerCase());
  return null;
}
