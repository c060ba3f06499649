import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SummaryTemplateRepository } from '../../ports/summary-template.repository.js';
import { templateNotFound } from '../../template-not-found.js';
import { DeleteSummaryTemplateCommand } from './delete-summary-template.command.js';

@CommandHandler(DeleteSummaryTemplateCommand)
export class DeleteSummaryTemplateHandler implements ICommandHandler<DeleteSummaryTemplateCommand> {
  constructor(private readonly templates: SummaryTemplateRepository) {}

  async execute(command: DeleteSummaryTemplateCommand): Promise<void> {
    if (!(await this.templates.deleteOwned(command.accountId, command.id)))
      throw templateNotFound(command.id);
  }
}
