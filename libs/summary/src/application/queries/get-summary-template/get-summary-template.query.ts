import { Query } from '@nestjs/cqrs';
import type { SummaryTemplate } from '../../../domain/summary-template.js';

export class GetSummaryTemplateQuery extends Query<SummaryTemplate> {
  constructor(
    readonly accountId: string,
    readonly id: string,
  ) {
    super();
  }
}
