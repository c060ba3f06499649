/**
 * Checks that JSON is valid FHIR R4 (types, cardinalities, required elements) and throws
 * a 400 naming each offending element when it is not.
 */
export abstract class FhirValidator {
  abstract validate(value: unknown, field: string): void;
}
