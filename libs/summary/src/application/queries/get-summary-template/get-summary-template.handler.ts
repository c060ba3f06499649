import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { SummaryTemplate } from '../../../domain/summary-template.js';
import { SummaryTemplateRepository } from '../../ports/summary-template.repository.js';
import { templateNotFound } from '../../template-not-found.js';
import { GetSummaryTemplateQuery } from './get-summary-template.query.js';

@QueryHandler(GetSummaryTemplateQuery)
export class GetSummaryTemplateHandler implements IQueryHandler<GetSummaryTemplateQuery> {
  constructor(private readonly templates: SummaryTemplateRepository) {}

  async execute(query: GetSummaryTemplateQuery): Promise<SummaryTemplate> {
    const template = await this.templates.findOwned(query.accountId, query.id);
    if (template === null) throw templateNotFound(query.id);
    return template;
  }
}
