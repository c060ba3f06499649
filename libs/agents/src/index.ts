export { AgentsModule } from './agents.module.js';
