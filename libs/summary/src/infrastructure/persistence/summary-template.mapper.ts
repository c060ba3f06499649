import type { SummaryTemplate, TemplateMetadata } from '../../domain/summary-template.js';
import type { SummaryTemplateEntity } from './summary-template.entity.js';

export function toSummaryTemplate(entity: SummaryTemplateEntity): SummaryTemplate {
  return {
    id: entity.id,
    accountId: entity.accountId,
    name: entity.name,
    description: entity.description,
    template: entity.template,
    targetResources: entity.targetResources,
    mode: entity.mode,
    metadata: entity.metadata as unknown as TemplateMetadata,
    createdAt: entity.createdAt,
    updatedAt: entity.updatedAt,
  };
}
