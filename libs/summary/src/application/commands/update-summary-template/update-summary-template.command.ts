import { Command } from '@nestjs/cqrs';
import type { SummaryTemplate } from '../../../domain/summary-template.js';

/** Replace a template of the caller's account with one written by hand. */
export class UpdateSummaryTemplateCommand extends Command<SummaryTemplate> {
  constructor(
    readonly accountId: string,
    readonly id: string,
    readonly name: string,
    readonly description: string,
    readonly template: string,
    readonly targetResources: string[],
    readonly mode: string,
  ) {
    super();
  }
}
