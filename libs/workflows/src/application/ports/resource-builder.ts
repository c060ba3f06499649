/** How lang2fhir derived one element: where it is (`code.coding[0]`) and how (`default:now`, `vocabulary:…`). */
export interface BuiltElement {
  path: string;
  method: string;
}

export interface BuiltResource {
  resource: Record<string, unknown>;
  derivations: BuiltElement[];
}

/** lang2fhir, seen from workflows: one FHIR resource built from text, not stored. */
export abstract class ResourceBuilder {
  /** Throws an AppError (422) when the text gives no valid resource. */
  abstract build(accountId: string, resource: string, text: string): Promise<BuiltResource>;
}
