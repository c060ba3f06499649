import type { MigrationInterface } from 'typeorm';

/** This library's migrations, in order; libs/migrations appends them to the global list. */
export const WORKFLOWS_MIGRATIONS: (new () => MigrationInterface)[] = [];
