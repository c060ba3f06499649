import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { pagesOf } from '../../../domain/documents/document-text.js';
import { requireR4 } from '../../lang2fhir-errors.js';
import { DocumentTextReader } from '../../services/document-text-reader.js';
import { TextToBundleQuery } from '../text-to-bundle/text-to-bundle.query.js';
import { DocumentToBundleQuery, type DocumentToBundle } from './document-to-bundle.query.js';

/** The document's text goes through POST /lang2fhir/create/multi's use case unchanged. */
@QueryHandler(DocumentToBundleQuery)
export class DocumentToBundleHandler implements IQueryHandler<DocumentToBundleQuery> {
  constructor(
    private readonly documents: DocumentTextReader,
    private readonly queries: QueryBus,
  ) {}

  async execute(query: DocumentToBundleQuery): Promise<DocumentToBundle> {
    requireR4(query.version);
    const document = await this.documents.read(query.content);
    const planned = await this.queries.execute(
      new TextToBundleQuery(query.accountId, document.text, query.version, query.patient),
    );
    const resources = planned.resources.map((resource) => {
      const spans = resource.derivations.filter((derivation) => derivation.end > derivation.start);
      if (spans.length === 0) return resource;
      const pages = new Set(spans.flatMap((span) => pagesOf(document.pages, span.start, span.end)));
      return { ...resource, sourcePages: [...pages].sort((a, b) => a - b) };
    });
    return { ...planned, resources, document };
  }
}
