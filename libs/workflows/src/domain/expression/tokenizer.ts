import { WorkflowError, WorkflowErrorCodes } from '../workflow-errors.js';

export type TokenKind =
  | 'number'
  | 'string'
  | 'identifier'
  | 'placeholder'
  | 'operator'
  | 'dot'
  | 'lbracket'
  | 'rbracket'
  | 'lparen'
  | 'rparen'
  | 'end';

export interface Token {
  kind: TokenKind;
  /** Identifiers and operators as written (keywords lower-cased); string contents unescaped; numbers as text. */
  text: string;
  position: number;
}

/** Longest first, so that `>=` is not read as `>` then `=`. */
const SYMBOLS = ['==', '!=', '>=', '<=', '&&', '||', '??', '>', '<', '!', '='];
const KEYWORDS = new Set(['and', 'or', 'not', 'exists', 'contains', 'true', 'false', 'null']);
export const MAX_EXPRESSION_LENGTH = 2_000;

export function expressionError(
  expression: string,
  position: number,
  problem: string,
): WorkflowError {
  return new WorkflowError(
    'invalid',
    WorkflowErrorCodes.INVALID_EXPRESSION,
    `Invalid expression "${expression}" at ${position}: ${problem}`,
  );
}

/** Splits a decision expression into tokens; anything outside the grammar is refused. */
export function tokenize(expression: string): Token[] {
  if (expression.length > MAX_EXPRESSION_LENGTH) {
    throw expressionError(
      expression.slice(0, 50) + '…',
      0,
      `longer than ${MAX_EXPRESSION_LENGTH} characters`,
    );
  }
  const tokens: Token[] = [];
  let index = 0;
  while (index < expression.length) {
    const char = expression[index];
    if (/\s/.test(char)) {
      index++;
      continue;
    }
    const start = index;
    if (expression.startsWith('{{', index)) {
      const close = expression.indexOf('}}', index);
      const name = close < 0 ? '' : expression.slice(index + 2, close).trim();
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
        throw expressionError(
          expression,
          start,
          'a placeholder is {{name}} with letters, digits and _',
        );
      }
      tokens.push({ kind: 'placeholder', text: name, position: start });
      index = close + 2;
      continue;
    }
    if (char === '"' || char === "'") {
      const [text, next] = readString(expression, index);
      tokens.push({ kind: 'string', text, position: start });
      index = next;
      continue;
    }
    const number = /^-?\d+(\.\d+)?/.exec(expression.slice(index));
    if (number && (char !== '-' || !endsOperand(tokens))) {
      tokens.push({ kind: 'number', text: number[0], position: start });
      index += number[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_-]*/.exec(expression.slice(index));
    if (word) {
      const lower = word[0].toLowerCase();
      tokens.push(
        KEYWORDS.has(lower)
          ? { kind: 'operator', text: lower, position: start }
          : { kind: 'identifier', text: word[0], position: start },
      );
      index += word[0].length;
      continue;
    }
    const single: Record<string, TokenKind> = {
      '.': 'dot',
      '[': 'lbracket',
      ']': 'rbracket',
      '(': 'lparen',
      ')': 'rparen',
    };
    if (single[char]) {
      tokens.push({ kind: single[char], text: char, position: start });
      index++;
      continue;
    }
    const symbol = SYMBOLS.find((candidate) => expression.startsWith(candidate, index));
    if (symbol) {
      tokens.push({ kind: 'operator', text: symbol === '=' ? '==' : symbol, position: start });
      index += symbol.length;
      continue;
    }
    throw expressionError(expression, start, `unexpected character "${char}"`);
  }
  tokens.push({ kind: 'end', text: '', position: expression.length });
  return tokens;
}

function endsOperand(tokens: Token[]): boolean {
  const last = tokens.at(-1);
  return (
    last !== undefined &&
    ['number', 'string', 'identifier', 'placeholder', 'rparen', 'rbracket'].includes(last.kind)
  );
}

function readString(expression: string, start: number): [string, number] {
  const quote = expression[start];
  let text = '';
  let index = start + 1;
  while (index < expression.length) {
    const char = expression[index];
    if (char === '\\' && index + 1 < expression.length) {
      text += expression[index + 1];
      index += 2;
      continue;
    }
    if (char === quote) return [text, index + 1];
    text += char;
    index++;
  }
  throw expressionError(expression, start, 'unterminated string');
}
