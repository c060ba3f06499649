import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { requireR4 } from '../../lang2fhir-errors.js';
import { DocumentTextReader } from '../../services/document-text-reader.js';
import { TextToFhirQuery } from '../text-to-fhir/text-to-fhir.query.js';
import { DocumentToFhirQuery, type DocumentToFhirResult } from './document-to-fhir.query.js';

/** The document's text goes through POST /lang2fhir/create's use case unchanged. */
@QueryHandler(DocumentToFhirQuery)
export class DocumentToFhirHandler implements IQueryHandler<DocumentToFhirQuery> {
  constructor(
    private readonly documents: DocumentTextReader,
    private readonly queries: QueryBus,
  ) {}

  async execute(query: DocumentToFhirQuery): Promise<DocumentToFhirResult> {
    requireR4(query.version);
    const document = await this.documents.read(query.content);
    const result = await this.queries.execute(
      new TextToFhirQuery(query.accountId, query.resource, document.text, {
        patient: query.patient,
      }),
    );
    return { ...result, document };
  }
}
