import type { MigrationInterface } from 'typeorm';
import { CreateAgents1732265000000 } from './infrastructure/persistence/migrations/1732265000000-create-agents.js';
import { CreateAgentToolServerTools1732265500000 } from './infrastructure/persistence/migrations/1732265500000-create-agent-tool-server-tools.js';

/** This library's migrations, in order; libs/migrations appends them to the global list. */
export const AGENTS_MIGRATIONS: (new () => MigrationInterface)[] = [
  CreateAgents1732265000000,
  CreateAgentToolServerTools1732265500000,
];
