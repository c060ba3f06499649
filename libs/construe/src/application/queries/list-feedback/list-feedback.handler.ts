import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { FeedbackRepository } from '../../ports/feedback.repository.js';
import { ListFeedbackQuery } from './list-feedback.query.js';

@QueryHandler(ListFeedbackQuery)
export class ListFeedbackHandler implements IQueryHandler<ListFeedbackQuery> {
  constructor(private readonly feedback: FeedbackRepository) {}

  execute({ accountId, limit }: ListFeedbackQuery) {
    return this.feedback.listOwned(accountId, limit);
  }
}
