import { Query } from '@nestjs/cqrs';
import type { OmopMappingResult } from '../../../domain/model/mapping-report.js';

/**
 * POST /fhir2omop/create: map one FHIR resource or Bundle to OMOP CDM v5.4 rows. Other
 * modules (the MCP tools, workflows) dispatch it too. The result is the response body of
 * the spec without `success`/`message`: tables, mappings, side lists, vocab_version, summary.
 */
export class MapFhirToOmopQuery extends Query<OmopMappingResult> {
  constructor(
    readonly fhirResources: Record<string, unknown>,
    readonly vocabVersion?: string,
  ) {
    super();
  }
}
