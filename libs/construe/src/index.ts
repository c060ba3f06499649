export { ConstrueModule } from './construe.module.js';
export {
  RefreshBuiltinSystemsCommand,
  type RefreshedSystem,
} from './application/commands/refresh-builtin-systems/refresh-builtin-systems.command.js';
export { ResumeEmbeddingsCommand } from './application/commands/resume-embeddings/resume-embeddings.command.js';
export { BUILTIN_SYSTEMS } from './domain/builtin-systems.js';
export { CodeSearch } from './application/ports/code-search.js';
export type { SearchResult } from './application/queries/search-text/search-text.query.js';
export type { ExtractedCode } from './application/queries/extract-codes/extract-codes.query.js';
export {
  CrosswalkCodeQuery,
  type CrosswalkResult,
} from './application/queries/crosswalk-code/crosswalk-code.query.js';
/** Exported so a context holding only the vocabulary (tests, CLI) can run crosswalks. */
export { CrosswalkCodeHandler } from './application/queries/crosswalk-code/crosswalk-code.handler.js';
