import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { SummaryTemplate } from '../../../domain/summary-template.js';
import { SummaryTemplateRepository } from '../../ports/summary-template.repository.js';
import { ListSummaryTemplatesQuery } from './list-summary-templates.query.js';

@QueryHandler(ListSummaryTemplatesQuery)
export class ListSummaryTemplatesHandler implements IQueryHandler<ListSummaryTemplatesQuery> {
  constructor(private readonly templates: SummaryTemplateRepository) {}

  execute(query: ListSummaryTemplatesQuery): Promise<SummaryTemplate[]> {
    return this.templates.listOwned(query.accountId);
  }
}
