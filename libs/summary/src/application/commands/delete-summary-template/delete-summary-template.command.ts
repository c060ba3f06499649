import { Command } from '@nestjs/cqrs';

export class DeleteSummaryTemplateCommand extends Command<void> {
  constructor(
    readonly accountId: string,
    readonly id: string,
  ) {
    super();
  }
}
