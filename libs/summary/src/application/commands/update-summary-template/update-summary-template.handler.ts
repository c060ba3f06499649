import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SummaryTemplate } from '../../../domain/summary-template.js';
import { resolveTargetTypes } from '../../../domain/template/target-types.js';
import { templateFromText } from '../../../domain/template/template-from-example.js';
import { SummaryTemplateRepository } from '../../ports/summary-template.repository.js';
import { templateNotFound } from '../../template-not-found.js';
import { UpdateSummaryTemplateCommand } from './update-summary-template.command.js';

@CommandHandler(UpdateSummaryTemplateCommand)
export class UpdateSummaryTemplateHandler implements ICommandHandler<UpdateSummaryTemplateCommand> {
  constructor(private readonly templates: SummaryTemplateRepository) {}

  async execute(command: UpdateSummaryTemplateCommand): Promise<SummaryTemplate> {
    const prepared = templateFromText(command.template);
    resolveTargetTypes(command.targetResources, []);
    const updated = await this.templates.replaceOwned(command.accountId, command.id, {
      name: command.name,
      description: command.description,
      template: prepared.template,
      targetResources: command.targetResources,
      mode: command.mode,
      metadata: prepared.metadata,
    });
    if (updated === null) throw templateNotFound(command.id);
    return updated;
  }
}
