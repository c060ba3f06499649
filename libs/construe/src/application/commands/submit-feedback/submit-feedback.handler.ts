import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { FeedbackRepository } from '../../ports/feedback.repository.js';
import { SubmitFeedbackCommand } from './submit-feedback.command.js';

@CommandHandler(SubmitFeedbackCommand)
export class SubmitFeedbackHandler implements ICommandHandler<SubmitFeedbackCommand> {
  constructor(private readonly feedback: FeedbackRepository) {}

  async execute({ accountId, feedback }: SubmitFeedbackCommand) {
    return { id: await this.feedback.save(accountId, feedback) };
  }
}
