import { throwIfStopped } from '@app/shared';
import type { FhirResource } from '../fhir/fhir-resource.js';
import { evaluateFhirPath, FhirPathEvaluationError } from '../fhirpath/fhirpath-engine.js';
import { SummaryError, SummaryErrorCodes } from '../summary-errors.js';
import type { ViewColumn, ViewDefinition, ViewSelect } from './view-definition.js';
import { VIEW_FUNCTIONS } from './view-functions.js';

export type ViewRow = Record<string, unknown>;

/** How much a view may produce for one request: checked while rows are made, not after. */
export interface ViewBudget {
  maxRows: number;
  /** The rows' size as JSON. */
  maxOutputBytes: number;
  /** The request's signal: the run stops between rows once it is aborted (deadline, client gone). */
  signal?: AbortSignal;
}

function overBudget(limit: string, value: number): SummaryError {
  return new SummaryError(
    'unprocessable',
    SummaryErrorCodes.VIEW_OVER_BUDGET,
    `The view would produce more than ${value} ${limit}; narrow its forEach selects or where clauses, or send fewer resources`,
    { limit, value },
  );
}

/** A node to evaluate on (null for the empty row of forEachOrNull) and its %rowIndex. */
interface Focus {
  node: unknown;
  rowIndex: number;
}

function failure(message: string): SummaryError {
  return new SummaryError('invalid', SummaryErrorCodes.VIEW_EVALUATION_FAILED, message);
}

/** A null node (the empty row of forEachOrNull) is the empty collection: only %rowIndex and literals give values. */
function evaluate(
  node: unknown,
  expression: string,
  rowIndex: number,
  keepTypes: boolean,
): unknown[] {
  try {
    return evaluateFhirPath(
      node ?? [],
      expression,
      { rowIndex },
      { keepTypes, functions: VIEW_FUNCTIONS },
    );
  } catch (error) {
    if (error instanceof FhirPathEvaluationError) throw failure(error.message);
    throw error;
  }
}

function passesWhere(resource: FhirResource, clause: string): boolean {
  const result = evaluate(resource, clause, 0, false);
  if (result.length === 0) return false;
  if (result.length === 1 && typeof result[0] === 'boolean') return result[0];
  throw failure(
    `where path "${clause}" must give one boolean; on ${resource.resourceType}/${resource.id ?? '?'} it gave ${JSON.stringify(result)}`,
  );
}

function columnValue(column: ViewColumn, focus: Focus): unknown {
  const values = evaluate(focus.node, column.path, focus.rowIndex, false);
  if (column.collection) return values;
  if (values.length > 1) {
    throw failure(
      `column ${column.name} ("${column.path}") gave ${values.length} values; set collection: true to keep them all`,
    );
  }
  return values[0] ?? null;
}

function repeatDescendants(node: unknown, paths: string[]): unknown[] {
  const found: unknown[] = [];
  const visit = (current: unknown): void => {
    for (const path of paths) {
      for (const child of evaluate(current, path, 0, true)) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(node);
  return found;
}

function fociOf(select: ViewSelect, parent: Focus): Focus[] {
  const iteration = select.iteration;
  if (iteration === null) return [parent];
  const nodes =
    iteration.kind === 'repeat'
      ? repeatDescendants(parent.node, iteration.paths)
      : evaluate(parent.node, iteration.path, parent.rowIndex, true);
  if (nodes.length === 0 && iteration.kind === 'forEachOrNull')
    return [{ node: null, rowIndex: 0 }];
  return nodes.map((node, rowIndex) => ({ node, rowIndex }));
}

function product(left: ViewRow[], right: ViewRow[], budget: ViewBudget): ViewRow[] {
  // Sibling forEach selects multiply: refuse before the product is built.
  if (left.length * right.length > budget.maxRows) throw overBudget('rows', budget.maxRows);
  return left.flatMap((leftRow) => {
    throwIfStopped(budget.signal);
    return right.map((rightRow) => ({ ...leftRow, ...rightRow }));
  });
}

function rowsOf(select: ViewSelect, parent: Focus, budget: ViewBudget): ViewRow[] {
  const foci = fociOf(select, parent);
  if (foci.length > budget.maxRows) throw overBudget('rows', budget.maxRows);
  return foci.flatMap((focus) => {
    const own: ViewRow = {};
    for (const column of select.columns) own[column.name] = columnValue(column, focus);
    let rows: ViewRow[] = [own];
    // Every sibling's rows first: their product is refused before any of it is built.
    const siblings = select.selects.map((child) => rowsOf(child, focus, budget));
    const total = siblings.reduce((count, childRows) => count * childRows.length, 1);
    if (total > budget.maxRows) throw overBudget('rows', budget.maxRows);
    for (const childRows of siblings) rows = product(rows, childRows, budget);
    if (select.unionAll.length > 0) {
      rows = product(
        rows,
        select.unionAll.flatMap((branch) => rowsOf(branch, focus, budget)),
        budget,
      );
    }
    return rows;
  });
}

/**
 * Runs a ViewDefinition over resources as the SQL-on-FHIR v2 spec describes: a resource of
 * the view's type that passes every where clause gives the cartesian product of its
 * selects' rows; forEach multiplies, forEachOrNull keeps one empty row, unionAll appends.
 */
export function runViewDefinition(
  view: ViewDefinition,
  resources: readonly FhirResource[],
  budget: ViewBudget,
): ViewRow[] {
  const rows: ViewRow[] = [];
  let outputBytes = 0;
  for (const resource of resources) {
    throwIfStopped(budget.signal);
    if (resource.resourceType !== view.resource) continue;
    if (!view.where.every((clause) => passesWhere(resource, clause))) continue;
    for (const row of rowsOf(view.root, { node: resource, rowIndex: 0 }, budget)) {
      if (rows.length === budget.maxRows) throw overBudget('rows', budget.maxRows);
      const ordered = Object.fromEntries(view.columnNames.map((name) => [name, row[name] ?? null]));
      outputBytes += JSON.stringify(ordered).length;
      if (outputBytes > budget.maxOutputBytes)
        throw overBudget('bytes of output', budget.maxOutputBytes);
      rows.push(ordered);
    }
  }
  return rows;
}
