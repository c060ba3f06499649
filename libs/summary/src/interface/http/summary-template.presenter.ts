import type { SummaryTemplate } from '../../domain/summary-template.js';
import type { SummaryTemplateDto } from './summary-template.dto.js';

export function presentTemplate(template: SummaryTemplate): SummaryTemplateDto {
  return {
    id: template.id,
    name: template.name,
    description: template.description,
    template: template.template,
    target_resources: template.targetResources,
    mode: template.mode,
    metadata: template.metadata,
    created_at: template.createdAt.toISOString(),
    updated_at: template.updatedAt.toISOString(),
  };
}
