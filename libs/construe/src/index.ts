export { ConstrueModule } from './construe.module.js';
export { CONSTRUE_MIGRATIONS } from './migrations.js';
export {
  RefreshBuiltinSystemsCommand,
  type RefreshedSystem,
} from './application/commands/refresh-builtin-systems/refresh-builtin-systems.command.js';
export { ResumeEmbeddingsCommand } from './application/commands/resume-embeddings/resume-embeddings.command.js';
export { BUILTIN_SYSTEMS } from './domain/builtin-systems.js';
