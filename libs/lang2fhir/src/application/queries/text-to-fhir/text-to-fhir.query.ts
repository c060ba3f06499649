import { Query } from '@nestjs/cqrs';
import type { Resource } from '@app/fhir';

/** How one element of the built resource was derived from the text. */
export interface ElementDerivation {
  /** FHIRPath-like location in the resource, e.g. `code.coding[0]`. */
  path: string;
  /** Character offsets [start, end) in the input text, and the covered text. */
  start: number;
  end: number;
  text: string;
  /** How it was derived, e.g. `vocabulary:SNOMED`, `pattern:blood-pressure`. */
  method: string;
}

export interface TextToFhirResult {
  resource: Resource;
  /** The `resource` value actually built (the detected one when `auto` was asked). */
  resourceKind: string;
  derivations: ElementDerivation[];
}

/**
 * Build one FHIR R4 resource from clinical text without storing it: POST /lang2fhir/create,
 * and the building block of lang2fhir-and-create, workflows (templates and dynamic
 * generation) and the MCP tools. `resource` is one of the spec's values or `auto`.
 * Throws an AppError (422) when the built resource fails validation.
 */
export class TextToFhirQuery extends Query<TextToFhirResult> {
  constructor(
    readonly accountId: string,
    readonly resource: string,
    readonly text: string,
  ) {
    super();
  }
}
