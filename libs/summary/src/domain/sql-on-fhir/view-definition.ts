import { isResourceType } from '../fhir/resource-types.js';
import { assertFhirPathParses, FhirPathSyntaxError } from '../fhirpath/fhirpath-engine.js';
import { SummaryError, SummaryErrorCodes, type Problem } from '../summary-errors.js';
import { readConstants, substituteConstants, type ConstantLiterals } from './view-constants.js';
import { VIEW_FUNCTIONS } from './view-functions.js';

export interface ViewColumn {
  name: string;
  path: string;
  collection: boolean;
}

export type ViewIteration =
  { kind: 'forEach' | 'forEachOrNull'; path: string } | { kind: 'repeat'; paths: string[] };

export interface ViewSelect {
  iteration: ViewIteration | null;
  columns: ViewColumn[];
  selects: ViewSelect[];
  unionAll: ViewSelect[];
}

/** A checked SQL-on-FHIR v2 ViewDefinition whose expressions already carry its constants. */
export interface ViewDefinition {
  resource: string;
  where: string[];
  root: ViewSelect;
  columnNames: string[];
}

const COLUMN_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

function at(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

class ViewReader {
  readonly problems: Problem[] = [];
  constructor(private readonly constants: ConstantLiterals) {}

  expression(value: unknown, path: string): string | null {
    if (typeof value !== 'string' || value.trim() === '') {
      this.problems.push({ path, problem: 'must be a FHIRPath expression (a non-empty string)' });
      return null;
    }
    const expression = substituteConstants(value, this.constants, path, this.problems);
    if (expression === null) return null;
    try {
      assertFhirPathParses(expression, { functions: VIEW_FUNCTIONS });
    } catch (error) {
      if (!(error instanceof FhirPathSyntaxError)) throw error;
      this.problems.push({ path, problem: error.message });
      return null;
    }
    return expression;
  }

  list(value: unknown, path: string): unknown[] {
    if (value === undefined) return [];
    if (Array.isArray(value)) return value;
    this.problems.push({ path, problem: 'must be an array' });
    return [];
  }

  column(value: unknown, path: string): ViewColumn | null {
    if (typeof value !== 'object' || value === null) {
      this.problems.push({ path, problem: 'must be an object with name and path' });
      return null;
    }
    const column = value as Record<string, unknown>;
    if (typeof column.name !== 'string' || !COLUMN_NAME.test(column.name)) {
      this.problems.push({
        path: at(path, 'name'),
        problem: 'must start with a letter and hold only letters, digits and _',
      });
    }
    if (column.collection !== undefined && typeof column.collection !== 'boolean') {
      this.problems.push({ path: at(path, 'collection'), problem: 'must be a boolean' });
    }
    const expression = this.expression(column.path, at(path, 'path'));
    if (expression === null || typeof column.name !== 'string') return null;
    return { name: column.name, path: expression, collection: column.collection === true };
  }

  iteration(select: Record<string, unknown>, path: string): ViewIteration | null {
    const kinds = (['forEach', 'forEachOrNull', 'repeat'] as const).filter(
      (kind) => select[kind] !== undefined,
    );
    if (kinds.length > 1) {
      this.problems.push({
        path: path || 'select',
        problem: `${kinds.join(' and ')} cannot be combined`,
      });
      return null;
    }
    const kind = kinds[0];
    if (kind === undefined) return null;
    if (kind === 'repeat') {
      const raw = select.repeat;
      if (!Array.isArray(raw) || raw.length === 0) {
        this.problems.push({
          path: at(path, 'repeat'),
          problem: 'must be a non-empty array of paths',
        });
        return null;
      }
      const paths = raw.map((item, index) => this.expression(item, at(path, `repeat[${index}]`)));
      return paths.every((item): item is string => item !== null) ? { kind, paths } : null;
    }
    const expression = this.expression(select[kind], at(path, kind));
    return expression === null ? null : { kind, path: expression };
  }

  select(value: unknown, path: string): ViewSelect {
    const empty: ViewSelect = { iteration: null, columns: [], selects: [], unionAll: [] };
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.problems.push({ path, problem: 'must be an object' });
      return empty;
    }
    const select = value as Record<string, unknown>;
    const columns = this.list(select.column, at(path, 'column'))
      .map((column, index) => this.column(column, at(path, `column[${index}]`)))
      .filter((column): column is ViewColumn => column !== null);
    const selects = this.list(select.select, at(path, 'select')).map((child, index) =>
      this.select(child, at(path, `select[${index}]`)),
    );
    const unionAll = this.list(select.unionAll, at(path, 'unionAll')).map((child, index) =>
      this.select(child, at(path, `unionAll[${index}]`)),
    );
    return { iteration: this.iteration(select, path), columns, selects, unionAll };
  }

  /** The columns a select produces, in the order of the spec: column, select, unionAll. */
  columnNames(select: ViewSelect, path: string): string[] {
    const names = [
      ...select.columns.map((column) => column.name),
      ...select.selects.flatMap((child, index) =>
        this.columnNames(child, at(path, `select[${index}]`)),
      ),
    ];
    const branches = select.unionAll.map((branch, index) =>
      this.columnNames(branch, at(path, `unionAll[${index}]`)),
    );
    const first = branches[0];
    if (first !== undefined) {
      branches.forEach((branch, index) => {
        if (branch.join(',') !== first.join(',')) {
          this.problems.push({
            path: at(path, `unionAll[${index}]`),
            problem: `has columns (${branch.join(', ')}) where unionAll[0] has (${first.join(', ')}); every branch needs the same columns in the same order`,
          });
        }
      });
      names.push(...first);
    }
    return names;
  }
}

/** Checks a ViewDefinition as a whole and answers 400 listing every problem found. */
export function parseViewDefinition(input: unknown): ViewDefinition {
  const fail = (problems: Problem[]): SummaryError =>
    new SummaryError(
      'invalid',
      SummaryErrorCodes.INVALID_VIEW_DEFINITION,
      `view_definition is not a valid ViewDefinition: ${problems
        .map((problem) => `${problem.path} ${problem.problem}`)
        .join('; ')}`,
      problems,
    );
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw fail([{ path: 'view_definition', problem: 'must be an object' }]);
  }
  const view = input as Record<string, unknown>;
  const problems: Problem[] = [];
  const constants = readConstants(view.constant, problems);
  const reader = new ViewReader(constants);
  if (typeof view.resource !== 'string' || view.resource === '') {
    reader.problems.push({
      path: 'resource',
      problem: 'is required (the FHIR resource type of the view)',
    });
  } else if (!isResourceType(view.resource)) {
    reader.problems.push({
      path: 'resource',
      problem: `${view.resource} is not a FHIR R4 resource type`,
    });
  }
  if (!Array.isArray(view.select) || view.select.length === 0) {
    reader.problems.push({ path: 'select', problem: 'is required (a non-empty array)' });
  }
  const root = reader.select({ select: Array.isArray(view.select) ? view.select : [] }, '');
  const where = reader
    .list(view.where, 'where')
    .map((clause, index) =>
      reader.expression(
        typeof clause === 'object' && clause !== null
          ? (clause as { path?: unknown }).path
          : undefined,
        `where[${index}].path`,
      ),
    );
  const columnNames = reader.columnNames(root, '');
  const duplicates = columnNames.filter((name, index) => columnNames.indexOf(name) !== index);
  if (duplicates.length > 0) {
    reader.problems.push({
      path: 'select',
      problem: `column names must be unique: ${[...new Set(duplicates)].join(', ')}`,
    });
  }
  problems.push(...reader.problems);
  if (problems.length > 0) throw fail(problems);
  return {
    resource: view.resource as string,
    where: where.filter((clause): clause is string => clause !== null),
    root,
    columnNames,
  };
}
