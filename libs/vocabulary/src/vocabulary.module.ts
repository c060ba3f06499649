import { Module } from '@nestjs/common';
import { AppConfig } from '@app/shared';
import { ImportAthenaHandler } from './application/commands/import-athena/import-athena.handler.js';
import { ImportPublisherFileHandler } from './application/commands/import-publisher-file/import-publisher-file.handler.js';
import { ConceptNameSearch, RebuildNameIndexOnImport } from './application/concept-name-search.js';
import { ConceptReader } from './application/ports/concept-reader.js';
import { VocabularyFiles } from './application/ports/vocabulary-files.js';
import { VocabularyWriter } from './application/ports/vocabulary-writer.js';
import {
  ForgetCachedConceptsOnImport,
  VOCABULARY_CACHE_SIZE,
  VocabularyLookup,
} from './application/vocabulary-lookup.js';
import { NodeVocabularyFiles } from './infrastructure/files/node-vocabulary-files.js';
import { SqlConceptReader } from './infrastructure/persistence/sql-concept-reader.js';
import { SqlVocabularyWriter } from './infrastructure/persistence/sql-vocabulary-writer.js';

/** The OMOP vocabulary: importers (Athena, publishers' files) and cached lookups. */
@Module({
  providers: [
    ImportAthenaHandler,
    ImportPublisherFileHandler,
    ForgetCachedConceptsOnImport,
    VocabularyLookup,
    ConceptNameSearch,
    RebuildNameIndexOnImport,
    {
      provide: VOCABULARY_CACHE_SIZE,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => config.vocabularyCacheSize,
    },
    { provide: VocabularyFiles, useClass: NodeVocabularyFiles },
    { provide: VocabularyWriter, useClass: SqlVocabularyWriter },
    { provide: ConceptReader, useClass: SqlConceptReader },
  ],
  exports: [VocabularyLookup, ConceptNameSearch],
})
export class VocabularyModule {}
