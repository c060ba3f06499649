import { Query } from '@nestjs/cqrs';
import type { OmopMappingResult } from '../../../domain/model/mapping-report.js';

/** The mapping, and what tolerant reading of the input found (`path: problem`). */
export type OmopMappingAnswer = OmopMappingResult & { warnings: string[] };

/**
 * POST /fhir2omop/create: map one FHIR resource or Bundle to OMOP CDM v5.4 rows. Other
 * modules (the MCP tools, workflows) dispatch it too. The result is the response body of
 * the spec without `success`/`message`: tables, mappings, side lists, vocab_version, summary,
 * and the warnings of the shared FHIR input policy.
 */
export class MapFhirToOmopQuery extends Query<OmopMappingAnswer> {
  constructor(
    readonly fhirResources: Record<string, unknown>,
    readonly vocabVersion?: string,
    /** true: refuse input with any R4 finding (400) instead of warning about it. */
    readonly strict = false,
  ) {
    super();
  }
}
