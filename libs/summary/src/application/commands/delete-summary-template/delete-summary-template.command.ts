import { Command } from '@nestjs/cqrs';

export class DeleteSummaryTemplateCommand extends Command<void> {
  constructor(readonly id: string) {
    super();
  }
}
