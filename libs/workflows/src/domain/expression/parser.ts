import type { ComparisonOperator, ExpressionNode, PathNode } from './ast.js';
import { expressionError, tokenize, type Token } from './tokenizer.js';

const COMPARISONS = new Set(['==', '!=', '>', '>=', '<', '<=', 'contains']);
const MAX_DEPTH = 64;

/**
 * Recursive-descent parser for decision expressions:
 *
 *   or         := and (("or" | "||") and)*
 *   and        := not (("and" | "&&") not)*
 *   not        := ("not" | "!") not | comparison
 *   comparison := coalesce (("==" | "!=" | ">" | ">=" | "<" | "<=" | "contains") coalesce)?
 *   coalesce   := unary ("??" unary)*
 *   unary      := "exists" unary | primary
 *   primary    := number | string | true | false | null | {{placeholder}} | path | "(" or ")"
 *   path       := identifier ("." identifier | "[" integer "]")*
 *
 * The result is data, evaluated by `evaluate`; nothing is ever run as JavaScript.
 */
export function parseExpression(expression: string): ExpressionNode {
  const parser = new Parser(expression, tokenize(expression));
  const node = parser.or(0);
  parser.expect('end');
  return node;
}

class Parser {
  private index = 0;

  constructor(
    private readonly source: string,
    private readonly tokens: Token[],
  ) {}

  or(depth: number): ExpressionNode {
    let left = this.and(depth);
    while (this.acceptOperator('or', '||')) left = { kind: 'or', left, right: this.and(depth) };
    return left;
  }

  private and(depth: number): ExpressionNode {
    let left = this.not(depth);
    while (this.acceptOperator('and', '&&')) left = { kind: 'and', left, right: this.not(depth) };
    return left;
  }

  private not(depth: number): ExpressionNode {
    this.guard(depth);
    if (this.acceptOperator('not', '!')) return { kind: 'not', operand: this.not(depth + 1) };
    return this.comparison(depth);
  }

  private comparison(depth: number): ExpressionNode {
    const left = this.coalesce(depth);
    const token = this.peek();
    if (token.kind === 'operator' && COMPARISONS.has(token.text)) {
      this.index++;
      const right = this.coalesce(depth);
      return { kind: 'compare', operator: token.text as ComparisonOperator, left, right };
    }
    return left;
  }

  private coalesce(depth: number): ExpressionNode {
    const options = [this.unary(depth)];
    while (this.acceptOperator('??')) options.push(this.unary(depth));
    return options.length === 1 ? options[0] : { kind: 'coalesce', options };
  }

  private unary(depth: number): ExpressionNode {
    this.guard(depth);
    if (this.acceptOperator('exists')) return { kind: 'exists', operand: this.unary(depth + 1) };
    return this.primary(depth);
  }

  private primary(depth: number): ExpressionNode {
    const token = this.next();
    switch (token.kind) {
      case 'number':
        return { kind: 'literal', value: Number(token.text) };
      case 'string':
        return { kind: 'literal', value: token.text };
      case 'placeholder':
        return { kind: 'placeholder', name: token.text };
      case 'identifier':
        return this.path(token);
      case 'lparen': {
        const inner = this.or(depth + 1);
        this.expect('rparen');
        return inner;
      }
      case 'operator':
        if (token.text === 'true' || token.text === 'false')
          return { kind: 'literal', value: token.text === 'true' };
        if (token.text === 'null') return { kind: 'literal', value: null };
        break;
      default:
        break;
    }
    throw expressionError(
      this.source,
      token.position,
      token.kind === 'end' ? 'the expression ends too early' : `unexpected "${token.text}"`,
    );
  }

  private path(first: Token): PathNode {
    const segments: (string | number)[] = [first.text];
    for (;;) {
      if (this.peek().kind === 'dot') {
        this.index++;
        const name = this.next();
        if (name.kind !== 'identifier' && !(name.kind === 'operator' && /^[a-z]+$/.test(name.text)))
          throw expressionError(this.source, name.position, 'a field name must follow "."');
        segments.push(name.text);
      } else if (this.peek().kind === 'lbracket') {
        this.index++;
        const position = this.next();
        if (position.kind !== 'number' || !/^\d+$/.test(position.text))
          throw expressionError(this.source, position.position, 'an index is a whole number');
        segments.push(Number(position.text));
        this.expect('rbracket');
      } else {
        return { kind: 'path', segments };
      }
    }
  }

  expect(kind: Token['kind']): Token {
    const token = this.next();
    if (token.kind !== kind) {
      const wanted = { end: 'the end', rparen: '")"', rbracket: '"]"' }[kind as string] ?? kind;
      throw expressionError(
        this.source,
        token.position,
        `expected ${wanted}, found "${token.text || 'the end'}"`,
      );
    }
    return token;
  }

  private acceptOperator(...texts: string[]): boolean {
    const token = this.peek();
    if (token.kind === 'operator' && texts.includes(token.text)) {
      this.index++;
      return true;
    }
    return false;
  }

  private guard(depth: number): void {
    if (depth > MAX_DEPTH)
      throw expressionError(this.source, this.peek().position, 'nested too deeply');
  }

  private peek(): Token {
    return this.tokens[this.index];
  }

  private next(): Token {
    return this.tokens[Math.min(this.index++, this.tokens.length - 1)];
  }
}
