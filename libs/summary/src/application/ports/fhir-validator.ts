export interface FhirReadOptions {
  /** true: every R4 finding refuses the input; false: findings come back as warnings. */
  strict: boolean;
}

/**
 * Applies the shared FHIR input policy (`checkFhirInput` of @app/fhir): throws a 400 naming
 * each structural failure (and, when strict, each R4 finding); returns the R4 findings of
 * tolerant reading as warning lines (`path: problem`). Asynchronous: a large input is
 * validated in slices, letting other requests run in between.
 */
export abstract class FhirValidator {
  abstract validate(value: unknown, field: string, options: FhirReadOptions): Promise<string[]>;

  /**
   * A copy of a resource without the elements R4 validation flags, for FHIR the service
   * writes from tolerated input; `removed` says what was left out, `remaining` what still
   * fails. Asynchronous: a large resource is validated off the event loop.
   */
  abstract conform(resource: Record<string, unknown>): Promise<{
    resource: Record<string, unknown>;
    removed: string[];
    remaining: string[];
  }>;
}
