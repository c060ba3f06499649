import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { readFhirInput } from '../../../domain/fhir/fhir-input.js';
import { templateFromExample } from '../../../domain/template/template-from-example.js';
import { FhirValidator } from '../../ports/fhir-validator.js';
import { SummaryTemplateRepository } from '../../ports/summary-template.repository.js';
import {
  CreateSummaryTemplateCommand,
  type CreatedSummaryTemplate,
} from './create-summary-template.command.js';

@CommandHandler(CreateSummaryTemplateCommand)
export class CreateSummaryTemplateHandler implements ICommandHandler<CreateSummaryTemplateCommand> {
  constructor(
    private readonly templates: SummaryTemplateRepository,
    private readonly validator: FhirValidator,
  ) {}

  async execute(command: CreateSummaryTemplateCommand): Promise<CreatedSummaryTemplate> {
    let exampleData = null;
    if (command.exampleFhirData !== null) {
      // Example data is stored with the template, so it must be valid R4 (strict policy).
      await this.validator.validate(command.exampleFhirData, 'example_fhir_data', { strict: true });
      exampleData = readFhirInput(command.exampleFhirData, 'example_fhir_data');
    }
    const prepared = templateFromExample(
      command.exampleSummary,
      command.targetResources,
      exampleData,
      {
        now: new Date(),
      },
    );
    const template = await this.templates.create(command.accountId, randomUUID(), {
      name: command.name,
      description: command.description,
      template: prepared.template,
      targetResources: command.targetResources,
      mode: command.mode,
      metadata: prepared.metadata,
    });
    return { template, warnings: prepared.warnings };
  }
}
