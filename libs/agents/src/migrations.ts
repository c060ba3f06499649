import type { MigrationInterface } from 'typeorm';
import { CreateAgents1732265000000 } from './infrastructure/persistence/migrations/1732265000000-create-agents.js';

/** This library's migrations, in order; libs/migrations appends them to the global list. */
export const AGENTS_MIGRATIONS: (new () => MigrationInterface)[] = [CreateAgents1732265000000];
