import { Query } from '@nestjs/cqrs';
import type { SummaryTemplate } from '../../../domain/summary-template.js';

export class ListSummaryTemplatesQuery extends Query<SummaryTemplate[]> {
  constructor(readonly accountId: string) {
    super();
  }
}
