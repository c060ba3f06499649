import { Query } from '@nestjs/cqrs';

export interface SearchFromText {
  resource_type: string;
  search_params: string;
}

/** lang2fhir search: a resource type and FHIR search parameters from a request in words. */
export class SearchFromTextQuery extends Query<SearchFromText> {
  constructor(
    readonly accountId: string,
    readonly text: string,
    /** `Patient/<id>` from X-Service-On-Behalf-Of or the request. */
    readonly patient?: string,
    readonly count?: number,
  ) {
    super();
  }
}
