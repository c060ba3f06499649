import { parseFhirMoment } from '../fhir/fhir-date.js';
import { isObject, type JsonObject } from '../fhir/json.js';
import type { InputProblem } from './fhir-input-error.js';
import type { InputEntry } from './read-fhir-input.js';
import { COMMON_SHAPE, DATATYPES, RESOURCE_SHAPES } from './element-shapes.js';

const MAX_PROBLEMS = 20;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

class ShapeChecker {
  readonly problems: InputProblem[] = [];

  check(value: unknown, shape: string, path: string): void {
    if (this.problems.length >= MAX_PROBLEMS) return;
    if (shape.endsWith('[]')) {
      if (!Array.isArray(value))
        return this.problem(path, `must be an array (got ${describe(value)})`);
      value.forEach((item, index) => this.check(item, shape.slice(0, -2), `${path}[${index}]`));
      return;
    }
    switch (shape) {
      case 'string':
        if (typeof value !== 'string')
          this.problem(path, `must be a string (got ${describe(value)})`);
        return;
      case 'number':
        if (typeof value !== 'number' || !Number.isFinite(value))
          this.problem(path, `must be a number (got ${describe(value)})`);
        return;
      case 'boolean':
        if (typeof value !== 'boolean')
          this.problem(path, `must be true or false (got ${describe(value)})`);
        return;
      case 'date':
        if (typeof value !== 'string')
          this.problem(path, `must be a FHIR date or dateTime string (got ${describe(value)})`);
        else if (!parseFhirMoment(value))
          this.problem(path, `"${value.slice(0, 40)}" is not a valid FHIR date or dateTime`);
        return;
      default:
        if (!isObject(value))
          return this.problem(path, `must be a ${shape} object (got ${describe(value)})`);
        this.fields(value, DATATYPES[shape], path);
    }
  }

  fields(value: JsonObject, shape: Readonly<Record<string, string>>, path: string): void {
    for (const field in shape) {
      if (value[field] !== undefined) this.check(value[field], shape[field], `${path}.${field}`);
    }
  }

  private problem(path: string, problem: string): void {
    this.problems.push({ path, problem });
  }
}

/**
 * Wrong JSON types in the elements the mapper reads (a code that is a number, a date
 * that is no date, a coding that is not an array), named by path. The mapper itself
 * reads such values as absent; the HTTP endpoint refuses them with a 400.
 */
export function checkFhirShapes(entries: readonly InputEntry[]): InputProblem[] {
  const checker = new ShapeChecker();
  for (const entry of entries) {
    const shape = RESOURCE_SHAPES[entry.resourceType];
    checker.fields(entry.resource, COMMON_SHAPE, entry.path);
    if (shape) checker.fields(entry.resource, shape, entry.path);
    if (checker.problems.length >= MAX_PROBLEMS) break;
  }
  return checker.problems;
}
