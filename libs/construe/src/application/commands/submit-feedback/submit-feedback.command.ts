import { Command } from '@nestjs/cqrs';
import type { ExtractionFeedback } from '../../ports/feedback.repository.js';

export class SubmitFeedbackCommand extends Command<{ id: string }> {
  constructor(
    readonly accountId: string,
    readonly feedback: ExtractionFeedback,
  ) {
    super();
  }
}
