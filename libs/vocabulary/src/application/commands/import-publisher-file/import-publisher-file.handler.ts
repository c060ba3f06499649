import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { AppError } from '@app/shared';
import {
  csvRecordToCode,
  parseIcd10cmOrderLine,
  PUBLISHER_VOCABULARIES,
  PublisherFormatError,
  type PublisherCode,
} from '../../../domain/publisher-files.js';
import { VocabularyImportedEvent } from '../../events/vocabulary-imported.event.js';
import { VocabularyFiles } from '../../ports/vocabulary-files.js';
import { VocabularyWriter } from '../../ports/vocabulary-writer.js';
import { ImportPublisherFileCommand } from './import-publisher-file.command.js';

const BATCH_SIZE = 5_000;

@CommandHandler(ImportPublisherFileCommand)
export class ImportPublisherFileHandler implements ICommandHandler<ImportPublisherFileCommand> {
  constructor(
    private readonly files: VocabularyFiles,
    private readonly writer: VocabularyWriter,
    private readonly events: EventBus,
  ) {}

  async execute(command: ImportPublisherFileCommand) {
    const vocabulary = PUBLISHER_VOCABULARIES[command.kind];
    let batch: PublisherCode[] = [];
    let count = 0;
    const flush = async () => {
      await this.writer.upsertPublisherCodes(vocabulary, batch);
      count += batch.length;
      batch = [];
      command.onProgress({ table: vocabulary.vocabularyId, rows: count, done: false });
    };
    try {
      for await (const code of this.codes(command)) {
        batch.push(code);
        if (batch.length === BATCH_SIZE) await flush();
      }
    } catch (error) {
      if (error instanceof PublisherFormatError)
        throw AppError.badRequest(
          'VOCABULARY.BAD_PUBLISHER_FILE',
          `${command.path}: ${error.message}`,
        );
      throw error;
    }
    if (batch.length > 0) await flush();
    if (count === 0)
      throw AppError.badRequest('VOCABULARY.EMPTY_FILE', `${command.path} holds no codes`);
    await this.writer.analyzePublisherCodes();
    await this.writer.setVocabularyVersion(vocabulary, command.version);
    command.onProgress({ table: vocabulary.vocabularyId, rows: count, done: true });
    this.events.publish(new VocabularyImportedEvent([vocabulary.vocabularyId]));
    return { vocabularyId: vocabulary.vocabularyId, codes: count, version: command.version };
  }

  private async *codes(command: ImportPublisherFileCommand): AsyncIterable<PublisherCode> {
    if (command.kind === 'icd10cm') {
      let lineNumber = 0;
      for await (const line of this.files.lines(command.path)) {
        const code = parseIcd10cmOrderLine(line, ++lineNumber);
        if (code) yield code;
      }
      return;
    }
    let rowNumber = 1;
    for await (const record of this.files.csvRecords(command.path)) {
      yield csvRecordToCode(command.kind, record, ++rowNumber);
    }
  }
}
