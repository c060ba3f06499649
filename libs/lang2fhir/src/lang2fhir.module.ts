import { Module } from '@nestjs/common';
import { secretCipherProvider } from '@app/platform';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BuiltinProfilesModule } from './builtin-profiles.module.js';
import { VocabularyModule } from '@app/vocabulary';
import { FhirModule } from '@app/fhir';
import { FhirProviderModule } from '@app/fhir-provider';
import { ApplyReferenceFixupHandler } from './application/commands/apply-reference-fixup/apply-reference-fixup.handler.js';
import { CreateFromTextHandler } from './application/commands/create-from-text/create-from-text.handler.js';
import { CreateMultiFromTextHandler } from './application/commands/create-multi-from-text/create-multi-from-text.handler.js';
import { FailReferenceFixupHandler } from './application/commands/fail-reference-fixup/fail-reference-fixup.handler.js';
import { ResumeReferenceFixupsHandler } from './application/commands/resume-reference-fixups/resume-reference-fixups.handler.js';
import { AudioDecoder } from './application/ports/audio-decoder.js';
import { CodeSearch } from './application/ports/code-search.js';
import { DocumentReader } from './application/ports/document-reader.js';
import { MediaSettings } from './application/ports/media-settings.js';
import { SpeechRecognizer } from './application/ports/speech-recognizer.js';
import { ConceptByName } from './application/ports/concept-by-name.js';
import { ConceptClasses } from './application/ports/concept-classes.js';
import { FixupSettings } from './application/ports/fixup-settings.js';
import { ReferenceFixupRepository } from './application/ports/reference-fixup.repository.js';
import { ResourceValidator } from './application/ports/resource-validator.js';
import { TextToFhir } from './application/ports/text-to-fhir.js';
import { DocumentToBundleHandler } from './application/queries/document-to-bundle/document-to-bundle.handler.js';
import { DocumentToFhirHandler } from './application/queries/document-to-fhir/document-to-fhir.handler.js';
import { TranscribeAudioHandler } from './application/queries/transcribe-audio/transcribe-audio.handler.js';
import { GetReferenceFixupHandler } from './application/queries/get-reference-fixup/get-reference-fixup.handler.js';
import { CohortFromTextHandler } from './application/queries/cohort-from-text/cohort-from-text.handler.js';
import { SearchFromTextHandler } from './application/queries/search-from-text/search-from-text.handler.js';
import { TextToBundleHandler } from './application/queries/text-to-bundle/text-to-bundle.handler.js';
import { TextToFhirHandler } from './application/queries/text-to-fhir/text-to-fhir.handler.js';
import { ReferenceFixupJob } from './application/reference-fixup.job.js';
import { BundlePlanner } from './application/services/bundle-planner.js';
import { ClinicalTextReader } from './application/services/clinical-text-reader.js';
import { DocumentTextReader } from './application/services/document-text-reader.js';
import { FixupWaiter } from './application/services/fixup-waiter.js';
import { LentFhirClients } from './application/services/lent-fhir-clients.js';
import { CustomProfiles } from './application/services/custom-profiles.js';
import { ValueSetFilters } from './application/services/value-set-filters.js';
import { ResourceChecker } from './application/services/resource-checker.js';
import { ResourceFromText } from './application/services/resource-from-text.js';
import { VocabularyCodeSearch } from './infrastructure/code-search/vocabulary-code-search.js';
import { MediaSettingsFromEnv } from './infrastructure/config/media-settings-from-env.js';
import { VocabularyConceptByName } from './infrastructure/code-search/vocabulary-concept-by-name.js';
import { VocabularyConceptClasses } from './infrastructure/code-search/vocabulary-concept-classes.js';
import { Lang2FhirSettings } from './infrastructure/config/lang2fhir-settings.js';
import { LocalDocumentReader } from './infrastructure/documents/local-document-reader.js';
import { TesseractOcr } from './infrastructure/documents/tesseract-ocr.js';
import { FfmpegAudioDecoder } from './infrastructure/speech/ffmpeg-audio-decoder.js';
import { PocketsphinxRecognizer } from './infrastructure/speech/pocketsphinx-recognizer.js';
import { ReferenceFixupEntity } from './infrastructure/persistence/reference-fixup.entity.js';
import { TypeOrmReferenceFixupRepository } from './infrastructure/persistence/typeorm-reference-fixup.repository.js';
import { ReferenceFixupRegistrar } from './infrastructure/queue/reference-fixup.registrar.js';
import { MedplumResourceValidator } from './infrastructure/validation/medplum-resource-validator.js';
import { CohortController } from './interface/http/cohort.controller.js';
import { Lang2FhirSearchToolsController } from './interface/http/lang2fhir-search-tools.controller.js';
import { Lang2FhirMultiController } from './interface/http/lang2fhir-multi.controller.js';
import { Lang2FhirToolsController } from './interface/http/lang2fhir-tools.controller.js';
import { Lang2FhirController } from './interface/http/lang2fhir.controller.js';
import { Lang2FhirDocumentController } from './interface/http/lang2fhir-document.controller.js';
import { TranscribeController } from './interface/http/transcribe.controller.js';

const handlers = [
  TextToFhirHandler,
  GetReferenceFixupHandler,
  CreateFromTextHandler,
  CreateMultiFromTextHandler,
  ApplyReferenceFixupHandler,
  FailReferenceFixupHandler,
  ResumeReferenceFixupsHandler,
  TextToBundleHandler,
  SearchFromTextHandler,
  CohortFromTextHandler,
  DocumentToFhirHandler,
  DocumentToBundleHandler,
  TranscribeAudioHandler,
];

/** lang2fhir: clinical text to FHIR resources, stored in a FHIR server. */
@Module({
  imports: [
    TypeOrmModule.forFeature([ReferenceFixupEntity]),
    VocabularyModule,
    BuiltinProfilesModule,
    FhirModule,
    FhirProviderModule,
  ],
  controllers: [
    Lang2FhirMultiController,
    Lang2FhirSearchToolsController,
    CohortController,
    Lang2FhirController,
    Lang2FhirToolsController,
    Lang2FhirDocumentController,
    TranscribeController,
  ],
  providers: [
    ...handlers,
    ClinicalTextReader,
    ResourceChecker,
    BundlePlanner,
    ResourceFromText,
    { provide: TextToFhir, useExisting: ResourceFromText },
    CustomProfiles,
    ValueSetFilters,
    FixupWaiter,
    LentFhirClients,
    ReferenceFixupJob,
    ReferenceFixupRegistrar,
    DocumentTextReader,
    TesseractOcr,
    { provide: MediaSettings, useFactory: () => MediaSettingsFromEnv.fromEnv() },
    { provide: DocumentReader, useClass: LocalDocumentReader },
    { provide: SpeechRecognizer, useClass: PocketsphinxRecognizer },
    { provide: AudioDecoder, useClass: FfmpegAudioDecoder },
    { provide: FixupSettings, useFactory: () => Lang2FhirSettings.fromEnv() },
    { provide: CodeSearch, useClass: VocabularyCodeSearch },
    { provide: ConceptClasses, useClass: VocabularyConceptClasses },
    { provide: ConceptByName, useClass: VocabularyConceptByName },
    { provide: ResourceValidator, useClass: MedplumResourceValidator },
    { provide: ReferenceFixupRepository, useClass: TypeOrmReferenceFixupRepository },
    secretCipherProvider(
      () => new Error('A sealed provider token no longer opens (was ENCRYPTION_KEY changed?)'),
    ),
  ],
  exports: [TextToFhir],
})
export class Lang2FhirModule {}
