import type { SummaryTemplate, TemplateMetadata } from '../../domain/summary-template.js';

export interface TemplateContent {
  name: string;
  description: string;
  template: string;
  targetResources: string[];
  mode: string;
  metadata: TemplateMetadata;
}

/** Templates of an account: every read and write is scoped to the account passed first. */
export abstract class SummaryTemplateRepository {
  abstract create(
    accountId: string,
    id: string,
    content: TemplateContent,
  ): Promise<SummaryTemplate>;
  abstract listOwned(accountId: string): Promise<SummaryTemplate[]>;
  /** Null when the account has no template with that id (another account's included). */
  abstract findOwned(accountId: string, id: string): Promise<SummaryTemplate | null>;
  abstract replaceOwned(
    accountId: string,
    id: string,
    content: TemplateContent,
  ): Promise<SummaryTemplate | null>;
  /** False when the account has no template with that id. */
  abstract deleteOwned(accountId: string, id: string): Promise<boolean>;
}
