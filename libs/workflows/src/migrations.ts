import type { MigrationInterface } from 'typeorm';
import { CreateWorkflows1732263600000 } from './infrastructure/persistence/migrations/1732263600000-create-workflows.js';

/** This library's migrations, in order; libs/migrations appends them to the global list. */
export const WORKFLOWS_MIGRATIONS: (new () => MigrationInterface)[] = [
  CreateWorkflows1732263600000,
];
