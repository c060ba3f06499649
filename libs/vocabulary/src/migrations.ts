import type { MigrationInterface } from 'typeorm';
import { CreateVocabularySchema1732262500000 } from './infrastructure/persistence/migrations/1732262500000-create-vocabulary-schema.js';
import { IndexConceptRelationshipTargets1732266510000 } from './infrastructure/persistence/migrations/1732266510000-index-concept-relationship-targets.js';

/** This library's migrations, in order; libs/migrations appends them to the global list. */
export const VOCABULARY_MIGRATIONS: (new () => MigrationInterface)[] = [
  CreateVocabularySchema1732262500000,
  IndexConceptRelationshipTargets1732266510000,
];
