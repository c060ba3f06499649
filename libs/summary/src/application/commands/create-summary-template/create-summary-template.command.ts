import { Command } from '@nestjs/cqrs';
import type { SummaryTemplate } from '../../../domain/summary-template.js';

export interface CreatedSummaryTemplate {
  template: SummaryTemplate;
  warnings: string[];
}

/** Derive a template from an example summary (and example data, when given) and store it. */
export class CreateSummaryTemplateCommand extends Command<CreatedSummaryTemplate> {
  constructor(
    readonly accountId: string,
    readonly name: string,
    readonly description: string,
    readonly exampleSummary: string,
    readonly targetResources: string[],
    readonly exampleFhirData: Record<string, unknown> | null,
    readonly mode: string,
  ) {
    super();
  }
}
