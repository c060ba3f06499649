/** Published after an import so that derived data (builtin code systems, caches) refreshes. */
export class VocabularyImportedEvent {
  constructor(readonly vocabularyIds: string[]) {}
}
