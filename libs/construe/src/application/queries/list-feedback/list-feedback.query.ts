import { Query } from '@nestjs/cqrs';
import type { StoredFeedback } from '../../ports/feedback.repository.js';

export class ListFeedbackQuery extends Query<StoredFeedback[]> {
  constructor(
    readonly accountId: string,
    readonly limit: number,
  ) {
    super();
  }
}
