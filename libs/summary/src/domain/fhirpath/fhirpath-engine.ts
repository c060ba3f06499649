import fhirpath, { type UserInvocationTable } from 'fhirpath';
import r4 from 'fhirpath/fhir-context/r4';

/** Variables visible as `%name` inside an expression. */
export type FhirPathVariables = Record<string, unknown>;

export interface FhirPathOptions {
  /** Keep fhirpath.js's typed nodes so that a later expression on the result still knows FHIR types. */
  keepTypes?: boolean;
  functions?: UserInvocationTable;
}

type Evaluator = (input: unknown, variables?: FhirPathVariables) => unknown[];

/** Thrown for an expression that does not parse; `message` is fhirpath.js's own description. */
export class FhirPathSyntaxError extends Error {
  constructor(
    readonly expression: string,
    reason: string,
  ) {
    super(`FHIRPath expression "${expression}" does not parse: ${reason}`);
    this.name = 'FhirPathSyntaxError';
  }
}

/** Thrown when a well-formed expression fails on the data (for example single() on two items). */
export class FhirPathEvaluationError extends Error {
  constructor(
    readonly expression: string,
    reason: string,
  ) {
    super(`FHIRPath expression "${expression}" failed: ${reason}`);
    this.name = 'FhirPathEvaluationError';
  }
}

const CACHE_LIMIT = 2000;
const cache = new Map<string, Evaluator>();

/** fhirpath.js's first line, without the ANTLR list of every token it would have accepted. */
function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const first = text.split('\n')[0] ?? text;
  return first.replace(/ expecting \{[^}]*\}/, '');
}

/**
 * Compiles (once; the compiled form is cached) an expression against the FHIR R4 model,
 * so that choice elements (`value.ofType(Quantity)`) and FHIR types resolve as in the spec.
 */
export function compileFhirPath(expression: string, options: FhirPathOptions = {}): Evaluator {
  const key = `${options.keepTypes ? 'T' : 'P'}|${options.functions ? Object.keys(options.functions).join(',') : ''}|${expression}`;
  const cached = cache.get(key);
  if (cached) return cached;
  let compiled: (input: unknown, variables: FhirPathVariables) => unknown[];
  try {
    compiled = fhirpath.compile(expression, r4, {
      async: false,
      resolveInternalTypes: !options.keepTypes,
      userInvocationTable: options.functions,
    });
  } catch (error) {
    throw new FhirPathSyntaxError(expression, reasonOf(error));
  }
  const evaluator: Evaluator = (input, variables) => {
    try {
      return compiled(input, variables ?? {});
    } catch (error) {
      throw new FhirPathEvaluationError(expression, reasonOf(error));
    }
  };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, evaluator);
  return evaluator;
}

export function evaluateFhirPath(
  input: unknown,
  expression: string,
  variables?: FhirPathVariables,
  options?: FhirPathOptions,
): unknown[] {
  return compileFhirPath(expression, options)(input, variables);
}

/**
 * fhirpath.js's parser builds its tables on the first expression it parses (~60 ms of one
 * piece on a busy machine): done at start-up, not in the first request with a view.
 */
export function warmUpFhirPath(): void {
  evaluateFhirPath({ resourceType: 'Patient', name: [{ family: 'F' }] }, 'name.first().family');
}

/** Throws FhirPathSyntaxError when the expression does not parse. */
export function assertFhirPathParses(expression: string, options?: FhirPathOptions): void {
  compileFhirPath(expression, options);
}

/** Plain JSON values of typed nodes returned with `keepTypes`. */
export function plainValues(values: unknown[]): unknown[] {
  return fhirpath.resolveInternalTypes(values) as unknown[];
}

/** A result value with the FHIR type fhirpath.js knew for it (absent for literals and computed values). */
export interface TypedValue {
  value: unknown;
  fhirType?: string;
}

function fhirTypeOf(node: unknown): string | undefined {
  if (typeof node !== 'object' || node === null || !('fhirNodeDataType' in node)) return undefined;
  const type = (node as { fhirNodeDataType?: unknown }).fhirNodeDataType;
  return typeof type === 'string' ? type : undefined;
}

/** Evaluates and returns plain values together with their FHIR types, for type-aware formatting. */
export function evaluateTyped(
  input: unknown,
  expression: string,
  variables?: FhirPathVariables,
): TypedValue[] {
  const nodes = evaluateFhirPath(input, expression, variables, { keepTypes: true });
  const values = plainValues(nodes);
  return nodes.map((node, index) => {
    const fhirType = fhirTypeOf(node);
    return fhirType === undefined ? { value: values[index] } : { value: values[index], fhirType };
  });
}
