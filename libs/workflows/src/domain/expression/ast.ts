export type ComparisonOperator = '==' | '!=' | '>' | '>=' | '<' | '<=' | 'contains';

/** `input.glucose`, `step_2.result.resource.code.coding[0].code`. */
export interface PathNode {
  kind: 'path';
  segments: (string | number)[];
}

export type ExpressionNode =
  | { kind: 'literal'; value: string | number | boolean | null }
  | PathNode
  | { kind: 'placeholder'; name: string }
  | { kind: 'not'; operand: ExpressionNode }
  | { kind: 'exists'; operand: ExpressionNode }
  | { kind: 'and' | 'or'; left: ExpressionNode; right: ExpressionNode }
  | { kind: 'coalesce'; options: ExpressionNode[] }
  | { kind: 'compare'; operator: ComparisonOperator; left: ExpressionNode; right: ExpressionNode };
