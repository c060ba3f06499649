import type { OmopMappingAnswer } from '../queries/map-fhir-to-omop/map-fhir-to-omop.query.js';

/**
 * FHIR R4 data mapped to OMOP CDM v5.4 rows for other libraries (the agents' tools), as
 * POST /fhir2omop/create answers it (without success/message). Its errors are the endpoint's.
 */
export abstract class FhirToOmopMapper {
  abstract map(
    fhirResources: Record<string, unknown>,
    vocabVersion?: string,
  ): Promise<OmopMappingAnswer>;
}
