import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ResourceFromText } from '../../services/resource-from-text.js';
import { TextToFhirQuery, type TextToFhirResult } from './text-to-fhir.query.js';

@QueryHandler(TextToFhirQuery)
export class TextToFhirHandler implements IQueryHandler<TextToFhirQuery> {
  constructor(private readonly resources: ResourceFromText) {}

  execute({ accountId, resource, text, options }: TextToFhirQuery): Promise<TextToFhirResult> {
    return this.resources.build(accountId, resource, text, options);
  }
}
