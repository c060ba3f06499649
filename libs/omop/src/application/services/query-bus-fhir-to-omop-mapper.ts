import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { FhirToOmopMapper } from '../ports/fhir-to-omop-mapper.js';
import {
  MapFhirToOmopQuery,
  type OmopMappingAnswer,
} from '../queries/map-fhir-to-omop/map-fhir-to-omop.query.js';

/** The port answered by this library's own use case. */
@Injectable()
export class QueryBusFhirToOmopMapper extends FhirToOmopMapper {
  constructor(private readonly queries: QueryBus) {
    super();
  }

  map(fhirResources: Record<string, unknown>, vocabVersion?: string): Promise<OmopMappingAnswer> {
    return this.queries.execute(new MapFhirToOmopQuery(fhirResources, vocabVersion));
  }
}
