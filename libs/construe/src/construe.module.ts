import { Module } from '@nestjs/common';
import { AppConfig } from '@app/shared';
import { VocabularyModule } from '@app/vocabulary';
import { DeleteCodeSystemHandler } from './application/commands/delete-code-system/delete-code-system.handler.js';
import { EmbedCodeSystemHandler } from './application/commands/embed-code-system/embed-code-system.handler.js';
import { MarkCodeSystemFailedHandler } from './application/commands/mark-code-system-failed/mark-code-system-failed.handler.js';
import { RefreshBuiltinSystemsHandler } from './application/commands/refresh-builtin-systems/refresh-builtin-systems.handler.js';
import { ResumeEmbeddingsHandler } from './application/commands/resume-embeddings/resume-embeddings.handler.js';
import { UploadCodeSystemHandler } from './application/commands/upload-code-system/upload-code-system.handler.js';
import { CodeSearchIndexes } from './application/code-search-indexes.js';
import { CodeVectorIndexes } from './application/code-vector-indexes.js';
import { SearchDocuments } from './application/search-documents.js';
import { EmbedCodeSystemJob } from './application/embed-code-system.job.js';
import { BuiltinSystemStore } from './application/ports/builtin-system.store.js';
import { CodeReader } from './application/ports/code-reader.js';
import { CodeSearchStore } from './application/ports/code-search.store.js';
import { CodeSystemRepository } from './application/ports/code-system.repository.js';
import { EmbeddingStore } from './application/ports/embedding.store.js';
import { CustomSystemStore } from './application/ports/custom-system-store.js';
import { Embedder } from './application/ports/embedder.js';
import { CrosswalkCodeHandler } from './application/queries/crosswalk-code/crosswalk-code.handler.js';
import { SubmitFeedbackHandler } from './application/commands/submit-feedback/submit-feedback.handler.js';
import { FeedbackRepository } from './application/ports/feedback.repository.js';
import { ExportSystemHandler } from './application/queries/export-system/export-system.handler.js';
import { PhenocrHandler } from './application/queries/phenocr/phenocr.handler.js';
import { ListFeedbackHandler } from './application/queries/list-feedback/list-feedback.handler.js';
import { SqlFeedbackRepository } from './infrastructure/persistence/sql-feedback.repository.js';
import { ExtractCodesHandler } from './application/queries/extract-codes/extract-codes.handler.js';
import { GetCodeHandler } from './application/queries/get-code/get-code.handler.js';
import { GetSystemHandler } from './application/queries/get-system/get-system.handler.js';
import { ListCodesHandler } from './application/queries/list-codes/list-codes.handler.js';
import { ListSystemsHandler } from './application/queries/list-systems/list-systems.handler.js';
import { SearchSemanticHandler } from './application/queries/search-semantic/search-semantic.handler.js';
import { SearchTextHandler } from './application/queries/search-text/search-text.handler.js';
import { HashingEmbedder } from './infrastructure/embedding/hashing.embedder.js';
import { OpenAiCompatibleEmbedder } from './infrastructure/embedding/openai-compatible.embedder.js';
import { VocabularyEmbedder } from './infrastructure/embedding/vocabulary.embedder.js';
import { SqlBuiltinSystemStore } from './infrastructure/persistence/sql-builtin-system.store.js';
import { SqlCodeReader } from './infrastructure/persistence/sql-code.reader.js';
import { SqlCodeSearchStore } from './infrastructure/persistence/sql-code-search.store.js';
import { SqlCodeSystemRepository } from './infrastructure/persistence/sql-code-system.repository.js';
import { SqlEmbeddingStore } from './infrastructure/persistence/sql-embedding.store.js';
import { SqlCustomSystemStore } from './infrastructure/persistence/sql-custom-system-store.js';
import { EmbedCodeSystemRegistrar } from './infrastructure/queue/embed-code-system.registrar.js';
import { ConstrueController } from './interface/http/construe.controller.js';
import { CodeSearch } from './application/ports/code-search.js';
import { LexicalKnowledgeSource } from './application/ports/lexical-knowledge.source.js';
import { NoLexicalKnowledge } from './infrastructure/lexical/no-lexical-knowledge.js';
import { WordNetKnowledgeSource } from './infrastructure/lexical/wordnet.knowledge-source.js';
import { QueryBusCodeSearch } from './application/services/query-bus-code-search.js';

const embedder = {
  provide: Embedder,
  inject: [AppConfig],
  useFactory: (config: AppConfig): Embedder =>
    config.embeddingsUrl
      ? new OpenAiCompatibleEmbedder(
          config.embeddingsUrl,
          config.embeddingsModel,
          config.embeddingsApiKey,
        )
      : config.offlineEmbedder === 'hashing'
        ? new HashingEmbedder()
        : new VocabularyEmbedder(),
};

const lexicalKnowledge = {
  provide: LexicalKnowledgeSource,
  inject: [AppConfig],
  useFactory: (config: AppConfig): LexicalKnowledgeSource =>
    config.lexicalKnowledge === 'none'
      ? new NoLexicalKnowledge()
      : new WordNetKnowledgeSource(config.wordnetDir),
};

/** Code systems: builtin views of the vocabulary and custom uploads, with embeddings and search. */
@Module({
  imports: [VocabularyModule],
  controllers: [ConstrueController],
  providers: [
    UploadCodeSystemHandler,
    DeleteCodeSystemHandler,
    EmbedCodeSystemHandler,
    MarkCodeSystemFailedHandler,
    RefreshBuiltinSystemsHandler,
    ResumeEmbeddingsHandler,
    ListSystemsHandler,
    GetSystemHandler,
    ListCodesHandler,
    GetCodeHandler,
    SearchTextHandler,
    SearchSemanticHandler,
    ExtractCodesHandler,
    CrosswalkCodeHandler,
    ExportSystemHandler,
    SubmitFeedbackHandler,
    ListFeedbackHandler,
    PhenocrHandler,
    EmbedCodeSystemJob,
    EmbedCodeSystemRegistrar,
    CodeSearchIndexes,
    CodeVectorIndexes,
    SearchDocuments,
    embedder,
    lexicalKnowledge,
    { provide: CodeSearch, useClass: QueryBusCodeSearch },
    { provide: CodeSystemRepository, useClass: SqlCodeSystemRepository },
    { provide: CodeReader, useClass: SqlCodeReader },
    { provide: CodeSearchStore, useClass: SqlCodeSearchStore },
    { provide: EmbeddingStore, useClass: SqlEmbeddingStore },
    { provide: BuiltinSystemStore, useClass: SqlBuiltinSystemStore },
    { provide: CustomSystemStore, useClass: SqlCustomSystemStore },
    { provide: FeedbackRepository, useClass: SqlFeedbackRepository },
  ],
  exports: [CodeSearch],
})
export class ConstrueModule {}
