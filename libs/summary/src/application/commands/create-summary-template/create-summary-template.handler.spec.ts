import { describe, expect, it } from 'vitest';
import type { SummaryTemplate } from '../../../domain/summary-template.js';
import { MedplumFhirValidator } from '../../../infrastructure/validation/medplum-fhir-validator.js';
import {
  SummaryTemplateRepository,
  type TemplateContent,
} from '../../ports/summary-template.repository.js';
import { CreateSummaryTemplateCommand } from './create-summary-template.command.js';
import { CreateSummaryTemplateHandler } from './create-summary-template.handler.js';

class MemoryTemplates extends SummaryTemplateRepository {
  readonly saved: SummaryTemplate[] = [];
  create(accountId: string, id: string, content: TemplateContent): Promise<SummaryTemplate> {
    const template = {
      id,
      accountId,
      createdAt: new Date(),
      updatedAt: new Date(),
      ...content,
    };
    this.saved.push(template);
    return Promise.resolve(template);
  }
  listOwned(): Promise<SummaryTemplate[]> {
    return Promise.resolve(this.saved);
  }
  findOwned(): Promise<SummaryTemplate | null> {
    return Promise.resolve(null);
  }
  replaceOwned(): Promise<SummaryTemplate | null> {
    return Promise.resolve(null);
  }
  deleteOwned(): Promise<boolean> {
    return Promise.resolve(false);
  }
}

class RefusingValidator extends MedplumFhirValidator {
  override validate(_value: unknown, field: string): Promise<string[]> {
    return Promise.reject(new Error(`refused ${field}`));
  }
}

class AcceptingValidator extends MedplumFhirValidator {
  override validate(): Promise<string[]> {
    return Promise.resolve([]);
  }
}

describe('creating a summary template', () => {
  it('derives the template from the example data and stores it with the mode as given', async () => {
    const templates = new MemoryTemplates();
    const handler = new CreateSummaryTemplateHandler(templates, new AcceptingValidator());
    const created = await handler.execute(
      new CreateSummaryTemplateCommand(
        'acme',
        'one-liner',
        '',
        'Ames, female',
        ['Patient'],
        { resourceType: 'Patient', name: [{ family: 'Ames' }], gender: 'female' },
        'my-own-mode',
      ),
    );
    expect(created.template.template).toBe('<<Patient[0].name[0].family>>, <<Patient[0].gender>>');
    expect(created.template.mode).toBe('my-own-mode');
    expect(templates.saved).toHaveLength(1);
  });

  it('validates example_fhir_data before deriving, and stores nothing when it is refused', async () => {
    const templates = new MemoryTemplates();
    const handler = new CreateSummaryTemplateHandler(templates, new RefusingValidator());
    await expect(
      handler.execute(
        new CreateSummaryTemplateCommand(
          'acme',
          't',
          '',
          'x',
          ['Patient'],
          { resourceType: 'Patient' },
          'narrative',
        ),
      ),
    ).rejects.toThrow('refused example_fhir_data');
    expect(templates.saved).toHaveLength(0);
  });
});
