import { Query } from '@nestjs/cqrs';

export interface CohortQueryItem {
  resource_type: string;
  search_params: string;
  concept: string;
  exclude: boolean;
}

/** Cohort criteria in words → one FHIR search per concept, exclusions marked. */
export class CohortFromTextQuery extends Query<CohortQueryItem[]> {
  constructor(
    readonly accountId: string,
    readonly text: string,
  ) {
    super();
  }
}
