import type { MigrationInterface } from 'typeorm';
import { CreateSummaryTemplates1732262600000 } from './infrastructure/persistence/migrations/1732262600000-create-summary-templates.js';

/** This library's migrations, in order; libs/migrations appends them to the global list. */
export const SUMMARY_MIGRATIONS: (new () => MigrationInterface)[] = [
  CreateSummaryTemplates1732262600000,
];
