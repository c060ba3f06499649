export { AgentsModule } from './agents.module.js';
export { AGENTS_MIGRATIONS } from './migrations.js';
