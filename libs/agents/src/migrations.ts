import type { MigrationInterface } from 'typeorm';

/** This library's migrations, in order; libs/migrations appends them to the global list. */
export const AGENTS_MIGRATIONS: (new () => MigrationInterface)[] = [];
