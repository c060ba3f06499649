export { VocabularyModule } from './vocabulary.module.js';
export { VocabularyLookup } from './application/vocabulary-lookup.js';
export { VocabularyImportedEvent } from './application/events/vocabulary-imported.event.js';
export {
  ImportAthenaCommand,
  type ImportProgress,
  type ImportSummary,
} from './application/commands/import-athena/import-athena.command.js';
export {
  ImportPublisherFileCommand,
  type PublisherFileKind,
} from './application/commands/import-publisher-file/import-publisher-file.command.js';
export { dottedIcd10cm } from './domain/publisher-files.js';
export type { Concept, AncestorLink, RelatedConcept } from './domain/concept.js';
export { ConceptNameSearch } from './application/concept-name-search.js';
export type { NameHit } from './domain/name-index/concept-name-index.js';
