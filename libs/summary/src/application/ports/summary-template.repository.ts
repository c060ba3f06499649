import type { SummaryTemplate, TemplateMetadata } from '../../domain/summary-template.js';

export interface TemplateContent {
  name: string;
  description: string;
  template: string;
  targetResources: string[];
  mode: string;
  metadata: TemplateMetadata;
}

/** Templates of the caller's account: every read and write is scoped to the current tenant. */
export abstract class SummaryTemplateRepository {
  abstract create(id: string, content: TemplateContent): Promise<SummaryTemplate>;
  abstract listOwned(): Promise<SummaryTemplate[]>;
  /** Null when the current account has no template with that id (another account's included). */
  abstract findOwned(id: string): Promise<SummaryTemplate | null>;
  abstract replaceOwned(id: string, content: TemplateContent): Promise<SummaryTemplate | null>;
  /** False when the current account has no template with that id. */
  abstract deleteOwned(id: string): Promise<boolean>;
}
